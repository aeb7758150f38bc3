import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';

export function installHealth(app: FastifyInstance, database: Database) {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ success: true, value: { status: 'ok' } }));
  app.get('/readyz', { logLevel: 'warn' }, async (_req, reply) => {
    try {
      await database.ping();
      return { success: true, value: { status: 'ready', database: database.kind } };
    } catch {
      return reply.status(503).send({
        success: false,
        errorCode: 'system_busy',
        message: 'database unavailable',
        msg: 'database unavailable',
      });
    }
  });
}
