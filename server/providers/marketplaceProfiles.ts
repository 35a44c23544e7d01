// The NFT marketplace account lookup (OpenSea's GET /api/v2/accounts/{address} by default).
import { z } from 'zod';
import type { MarketplaceProfile } from '../../contract/bridge';

const Account = z.object({
  address: z.string(),
  username: z.string().nullable().optional(),
  profile_image_url: z.string().nullable().optional(),
  bio: z.string().nullable().optional(),
  website: z.string().nullable().optional(),
  social_media_accounts: z.array(z.object({ platform: z.string(), username: z.string() })).nullable().optional(),
  joined_date: z.string().nullable().optional(),
}).loose();

export type ProfileLookup = { found: true; profile: MarketplaceProfile } | { found: false };

export class MarketplaceProfiles {
  constructor(private readonly apiBase: string, private readonly apiKey: string | undefined, private readonly fetchImpl: typeof fetch = fetch) {}

  /** Throws when the marketplace cannot be asked or answers nonsense; `found: false` for an unknown wallet. */
  async lookup(address: string): Promise<ProfileLookup> {
    const response = await this.fetchImpl(`${this.apiBase}/api/v2/accounts/${address}`, {
      headers: { accept: 'application/json', ...(this.apiKey ? { 'x-api-key': this.apiKey } : {}) },
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status === 404) return { found: false };
    if (!response.ok) throw new Error(`marketplace answered ${response.status}`);
    const account = Account.parse(await response.json());
    return {
      found: true,
      profile: {
        address: account.address,
        username: account.username ?? '',
        profile_image_url: account.profile_image_url ?? '',
        bio: account.bio ?? '',
        website: account.website ?? '',
        social_media_accounts: account.social_media_accounts ?? [],
        joined_date: account.joined_date ?? '',
      },
    };
  }
}
