// A player's rights over their data: the download of everything we hold about them, and the
// deletion of their account (docs/domain/accounts.md, "Deleting an account"); the console's
// list of deletions and its own deletion of a player.
import { z } from 'zod';
import { CurrentUser } from './auth';
import { defineEndpoint } from './http';

export const RIGHTS_TEXT = {
  /** A password account's deletion without its password, or with a wrong one. */
  passwordWrong: 'The password is not correct',
  /** An account without a password confirms by typing its username; it did not match. */
  nameWrong: 'Type your username exactly as it is shown to confirm',
  /** More downloads of one's data in an hour than DATA_EXPORTS_PER_HOUR. */
  exportTooOften: 'You have downloaded your data several times in the last hour. Please try again later.',
  deleted: 'Your account has been deleted.',
  alreadyDeleted: 'This account was already deleted',
} as const;

/** How an account came to be deleted, as the console lists it. */
export const DeletionHow = z.enum(['self', 'discordDeauthorized', 'console']);
export type DeletionHow = z.infer<typeof DeletionHow>;

/** The format name and version of the export: a reader knows what it holds. */
export const EXPORT_FORMAT = 'tripshell-data-export/1';

const Rows = z.array(z.record(z.string(), z.unknown()));

/** Everything we hold about the player who asks (server/services/accounts/dataExport.ts). Each
 * section is a list of rows; amounts of TripCoins are decimal strings ("12.50"). */
export const DataExport = z.object({
  format: z.literal(EXPORT_FORMAT),
  exportedAt: z.string(),
  account: z.object({
    uuid: z.string(), username: z.string(), createdAt: z.string(), lastLoginAt: z.string().nullable(),
    isAdmin: z.boolean(), verified: z.number(), preferredAddress: z.string().nullable(),
    /** Extra columns of the account row, by name (whatever later parts of the product add). */
    more: z.record(z.string(), z.unknown()),
  }),
  signInMethods: z.array(z.object({ kind: z.enum(['password', 'discord', 'crazygames']), externalId: z.string().nullable(), externalName: z.string().nullable() })),
  tripcoins: z.object({ balance: z.string(), debtLimit: z.string() }),
  sections: z.record(z.string(), Rows),
  /** What we hold but do not put in the download, and why. */
  notIncluded: z.record(z.string(), z.string()),
});
export type DataExport = z.infer<typeof DataExport>;

export const exportMyData = defineEndpoint({
  method: 'GET', path: '/api/account/export', access: 'user',
  summary: 'Download everything the studio holds about the signed-in player, as one JSON file (a few times an hour)',
  response: DataExport,
});

/** A password account sends its password; one without a password types its username. */
export const DeleteAccountBody = z.object({
  password: z.string().min(1).max(128).optional(),
  confirmUsername: z.string().min(1).max(64).optional(),
}).strict().refine((b) => b.password !== undefined || b.confirmUsername !== undefined, 'Send your password, or your username if your account has none');

export const DeleteAccountAnswer = CurrentUser.extend({ status: z.literal('deleted'), message: z.string() });

export const deleteMyAccount = defineEndpoint({
  method: 'POST', path: '/api/account/delete', access: 'user',
  summary: "Delete the signed-in player's account for good: every session ends, personal data goes, the ledger keeps a pseudonymous account",
  body: DeleteAccountBody, response: DeleteAccountAnswer,
});

export const AdminDeletion = z.object({
  /** The pseudonymous account that remains (its ledger postings stay under it). */
  uuid: z.string(),
  pseudonym: z.string(),
  deletedAt: z.string(),
  how: DeletionHow,
  /** The admin who deleted it (console deletions only). */
  by: z.string().nullable(),
  settled: z.object({
    listingsCancelled: z.number().int(), wagersRefunded: z.number().int(),
    clan: z.enum(['none', 'left', 'handedOver', 'disbanded']),
  }),
});
export type AdminDeletion = z.infer<typeof AdminDeletion>;

export const listDeletions = defineEndpoint({
  method: 'GET', path: '/api/admin/deletions', access: 'admin', summary: 'Deleted accounts, newest first: when, how and by whom, without the deleted data',
  query: z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1), limit: z.coerce.number().int().min(1).max(100).default(50) }),
  response: z.object({ rows: z.array(AdminDeletion), total: z.number().int() }),
});

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const adminDeletePlayer = defineEndpoint({
  method: 'POST', path: '/api/admin/players/:uuid/delete', access: 'admin', movesValue: true,
  summary: "Delete a player's account from the console (a request the player made to support): the same rules as their own deletion",
  params: z.object({ uuid: z.string().regex(GUID, 'Must be a uuid') }),
  body: z.object({ reason: z.string().trim().min(1, 'Give a reason').max(500) }),
  response: z.object({ ok: z.literal(true), auditId: z.number().int(), message: z.string() }),
});

export const rightsEndpoints = { exportMyData, deleteMyAccount, listDeletions, adminDeletePlayer };
