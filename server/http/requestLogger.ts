// request.log, made when first written to. Fastify makes each request a pino child logger (its
// request-id binding serialised) before routing; almost no request writes a line (the request
// log writes one for the requests worth it: plugins/requestLog.ts), so the child is made by the
// first line, with the same bindings and options, and each line is the child's own.
import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

type Line = (...args: unknown[]) => void;

export class LazyRequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | null = null;

  constructor(private readonly parent: FastifyBaseLogger, private readonly bindings: Bindings, private readonly options: ChildLoggerOptions) {}

  /** The request's child logger, made now if no line was written before. */
  get made(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level(): string { return this.#child?.level ?? this.options.level ?? this.parent.level; }
  set level(level: string) { this.made.level = level; }

  fatal(...args: unknown[]): void { (this.made.fatal as Line).apply(this.made, args); }
  error(...args: unknown[]): void { (this.made.error as Line).apply(this.made, args); }
  warn(...args: unknown[]): void { (this.made.warn as Line).apply(this.made, args); }
  info(...args: unknown[]): void { (this.made.info as Line).apply(this.made, args); }
  debug(...args: unknown[]): void { (this.made.debug as Line).apply(this.made, args); }
  trace(...args: unknown[]): void { (this.made.trace as Line).apply(this.made, args); }
  silent(...args: unknown[]): void { (this.made.silent as Line).apply(this.made, args); }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger { return this.made.child(bindings, options); }
}

/** Fastify's childLoggerFactory: request.log as a LazyRequestLogger. */
export function lazyRequestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options);
}
