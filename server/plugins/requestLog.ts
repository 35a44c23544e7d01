// Request logging off the hot path: one line per request worth it, written when it is answered.
// Always: server errors (status >= 500) and requests slower than LOG_SLOW_MS. Every request only
// at LOG_LEVEL=debug or trace, or a LOG_SAMPLE fraction of the others. Nothing else is formatted.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

export type RequestLogReason = 'error' | 'slow' | 'debug' | 'sampled';

/** Why this answer is logged, or null when it is not. */
export function requestLogReason(status: number, ms: number, config: Pick<Config, 'LOG_LEVEL' | 'LOG_SLOW_MS' | 'LOG_SAMPLE'>, random: () => number = Math.random): RequestLogReason | null {
  if (status >= 500) return 'error';
  if (ms >= config.LOG_SLOW_MS) return 'slow';
  if (config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace') return 'debug';
  if (config.LOG_SAMPLE > 0 && random() < config.LOG_SAMPLE) return 'sampled';
  return null;
}

export function registerRequestLog(app: FastifyInstance, config: Config): void {
  if (config.LOG_LEVEL === 'silent') return;
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const ms = reply.elapsedTime;
    const reason = requestLogReason(reply.statusCode, ms, config);
    if (reason) {
      const line = { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(ms * 10) / 10, ip: request.ip, reason };
      if (reason === 'error') request.log.error(line, 'request failed');
      else if (reason === 'debug') request.log.debug(line, 'request');
      else request.log.info(line, reason === 'slow' ? 'slow request' : 'request');
    }
    done();
  });
}

export default fp(async (app) => { registerRequestLog(app, app.config); }, { name: 'request-log', dependencies: ['config'] });
