declare module '@fastify/cors/vary.js' {
  import type { FastifyReply } from 'fastify';
  /** Adds `Origin` to the reply's Vary header (kept once, as the plugin does for a dynamic policy). */
  export function addOriginToVaryHeader(reply: FastifyReply): void;
}
