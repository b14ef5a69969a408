import { ContactBody, ContactResponse } from '@mailtokit/contracts/contact';
import { ErrorBody } from '@mailtokit/contracts/errors';
import type { App } from '../../lib/types';
import { clientKey } from '../../lib/client-key';

export async function contactRoutes(app: App) {
  app.route({
    method: 'POST',
    url: '/api/v1/contact',
    schema: {
      tags: ['contact'],
      operationId: 'sendContactMessage',
      summary: 'Send a message to the MailtoKit team (stored; rate limited per IP)',
      body: ContactBody,
      response: { 201: ContactResponse, 400: ErrorBody, 429: ErrorBody, 503: ErrorBody },
    },
    // Messages per client address (IPv6: per /64), shared by all instances.
    onRequest: async (request) => {
      await app.limiter.consume('contact', clientKey(request.ip));
    },
    handler: async (request, reply) => {
      const received = await app.services.contact.send(request.auth?.user ?? null, request.body);
      return reply.code(201).send(received);
    },
  });
}
