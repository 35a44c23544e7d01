// Xsolla's webhooks (the CrazyGames portal's store), answered as Xsolla's "Webhooks overview"
// documents: 2xx when handled (Xsolla stops sending), 400 with `{"error":{"code","message"}}`
// when refused (no retry; with automatic refunds on, Xsolla refunds a refused order_paid), 5xx
// only for our own trouble (Xsolla sends it again). The signature is checked first, on the raw
// bytes; then the notification:
// - user_validation: 204 when an account signed in with that CrazyGames id, else 400 INVALID_USER;
// - payment: 204, and nothing granted (order_paid follows it, and older projects hold order_paid
//   back until payment is answered 2xx); its order object, when sent, links the transaction;
// - order_paid: every pack of ours in its items, times its quantity, granted once per order id
//   to the account of user.external_id; an unknown user is refused with INVALID_USER;
// - refund, order_canceled: the whole order reversed; partial_refund: the part refunded taken
//   back; each only for the player the order was granted to (anyone else: 400 INVALID_USER).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unavailable } from '../errors';
import { routeTransactions } from '../route';
import { purchaseContext } from '../services/purchases/purchases';
import { PURCHASE_ROUTE_TEXT } from './purchases';
import {
  XsollaNotificationHead, XsollaOrderNotification, XsollaPaymentNotification, xsollaError, xsollaSignature, xsollaSignatureValid, type XsollaErrorCode,
} from '../providers/xsolla';
import { userByProviderId } from '../services/accounts/providerIds';
import { linkTransaction, orderOfNotification, partialRefundXsolla, reverseXsollaOrder, settleXsollaPaid } from '../services/purchases/xsollaSettle';

function json(raw: Buffer): unknown {
  try { return JSON.parse(raw.toString('utf8')); } catch { return undefined; }
}

export async function xsollaWebhook(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const p = app.purchases;
  if (!p?.xsolla) throw unavailable(PURCHASE_ROUTE_TEXT.notConfigured, 'PURCHASES_NOT_CONFIGURED');
  const xsolla = p.xsolla;
  const c = purchaseContext(app, p, routeTransactions(app));
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const count = (outcome: string) => p.webhooks.inc({ host: 'crazygames', outcome });
  const refuse = (outcome: string, code: XsollaErrorCode, message: string, why?: string) => {
    count(outcome);
    app.log.warn({ host: 'crazygames', outcome, why, ip: request.ip }, 'purchase webhook refused');
    return reply.code(400).send(xsollaError(code, message));
  };
  const done = (outcome = 'ok') => { count(outcome); return reply.code(204).send(); };

  if (!xsollaSignatureValid(request.headers.authorization, raw, xsolla.webhookSecret)) return refuse('badSignature', 'INVALID_SIGNATURE', 'Invalid signature');
  const head = XsollaNotificationHead.safeParse(json(raw));
  if (!head.success) return refuse('invalid', 'INVALID_PARAMETER', 'Invalid parameters');
  if (head.data.settings && head.data.settings.project_id !== xsolla.store.projectId) return refuse('otherApp', 'INVALID_PARAMETER', 'Invalid project', head.data.settings.project_id);
  const type = head.data.notification_type;

  if (type === 'user_validation') {
    const id = head.data.user?.id;
    const known = id ? await userByProviderId(app.db, 'crazygames', id) : null;
    if (!known) return refuse('unknownUser', 'INVALID_USER', 'Invalid user');
    return done('userValidation');
  }

  if (type === 'order_paid' || type === 'order_canceled') {
    const n = XsollaOrderNotification.safeParse(head.data);
    if (!n.success) return refuse('invalid', 'INVALID_PARAMETER', 'Invalid parameters');
    const portalUserId = n.data.user.external_id ?? null;
    if (type === 'order_canceled') {
      const outcome = await reverseXsollaOrder(c, n.data.order.id, portalUserId);
      if (outcome === 'otherPlayer') return refuse('otherUser', 'INVALID_USER', 'Invalid user', n.data.order.id);
      return done(outcome === 'reversed' ? 'ok' : outcome);
    }
    const transactionId = n.data.billing?.transaction?.id;
    const settled = await settleXsollaPaid(c, {
      orderId: n.data.order.id, portalUserId, items: n.data.items, amount: n.data.order.amount, currency: n.data.order.currency,
      ...(transactionId ? { transactionId } : {}),
    });
    if (settled.outcome === 'unknownPlayer' || settled.outcome === 'otherPlayer') return refuse(settled.outcome, 'INVALID_USER', 'Invalid user', n.data.order.id);
    return done(settled.outcome === 'granted' ? 'ok' : settled.outcome);
  }

  if (type === 'payment' || type === 'refund' || type === 'partial_refund') {
    const n = XsollaPaymentNotification.safeParse(head.data);
    if (!n.success) return refuse('invalid', 'INVALID_PARAMETER', 'Invalid parameters');
    const transactionId = n.data.transaction.id;
    if (type === 'payment') {
      if (n.data.order) await linkTransaction(c, transactionId, n.data.order.id);
      return done('payment');
    }
    const orderId = await orderOfNotification(c, transactionId, n.data.order?.id);
    // A refund of a transaction we never linked to an order: order_canceled names the order.
    if (!orderId) return done('unknownOrder');
    const portalUserId = n.data.user?.id ?? null;
    if (type === 'refund') {
      const outcome = await reverseXsollaOrder(c, orderId, portalUserId);
      if (outcome === 'otherPlayer') return refuse('otherUser', 'INVALID_USER', 'Invalid user', orderId);
      return done(outcome === 'reversed' ? 'ok' : outcome);
    }
    const refunded = n.data.payment_details?.payment?.amount;
    if (!refunded) return refuse('invalid', 'INVALID_PARAMETER', 'Invalid parameters', 'no payment_details.payment.amount');
    const outcome = await partialRefundXsolla(c, { orderId, portalUserId, refunded, signature: xsollaSignature(raw, xsolla.webhookSecret) });
    if (outcome === 'otherPlayer') return refuse('otherUser', 'INVALID_USER', 'Invalid user', orderId);
    return done(outcome === 'takenBack' || outcome === 'reversed' ? 'ok' : outcome);
  }
  return done('ignored');
}
