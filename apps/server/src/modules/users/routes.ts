import { ProfileBody } from '@mailtokit/contracts/auth';
import { ErrorBody } from '@mailtokit/contracts/errors';
import { UpdateUserSettingsBody, UserSettings } from '@mailtokit/contracts/settings';
import { User } from '@mailtokit/contracts/user';
import { PASSWORD_CONFIRMATION_MINUTES } from '@mailtokit/contracts/auth';
import { authOf, sessionOf } from '../../lib/auth-hook';
import { clientKey } from '../../lib/client-key';
import { withAliases } from '../../lib/routes';
import type { App } from '../../lib/types';

export async function userRoutes(app: App) {
  for (const { url, hide } of withAliases('/api/v1/profile', '/api/profile')) {
    app.route({
      method: 'PUT',
      url,
      schema: {
        hide,
        tags: ['profile'],
        operationId: 'updateProfile',
        summary:
          'Update first name, last name and email (the username cannot change); the old address is told of a new one by email',
        description: `A new email address needs \`currentPassword\`, or a password (or code) confirmed in this session within the last ${PASSWORD_CONFIRMATION_MINUTES} minutes (POST /api/v1/auth/confirm-password): else 400 on \`currentPassword\`, as for a wrong one. 429 past 5 wrong passwords in 15 minutes or 3 address changes an hour.`,
        body: ProfileBody,
        response: { 200: User, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
      config: { auth: true },
      handler: async (request) => {
        const auth = sessionOf(request);
        if (app.services.users.changesEmail(auth.user, request.body.email))
          await app.services.auth.requireFreshPassword(
            auth,
            request.body.currentPassword,
            clientKey(request.ip),
          );
        return app.services.users.updateProfile(auth.user, request.body);
      },
    });
  }

  for (const { url, hide } of withAliases('/api/v1/settings', '/api/settings')) {
    app.route({
      method: 'GET',
      url,
      schema: {
        hide,
        tags: ['profile'],
        operationId: 'getSettings',
        summary:
          'The account’s settings: `trackingOpens`, how new tracking links open when their request leaves `opens` out; `emailNotifications`, whether emails other than security ones go to it',
        response: { 200: UserSettings, 401: ErrorBody, 403: ErrorBody },
      },
      config: { auth: { token: 'links:read' } },
      handler: async (request) => app.services.users.settings(authOf(request).user),
    });
    app.route({
      method: 'PATCH',
      url,
      schema: {
        hide,
        tags: ['profile'],
        operationId: 'updateSettings',
        summary:
          'Change some of the account’s settings (a setting left out stays); answers them all. Existing tracking links keep how they open; `emailNotifications` false stops every email but security ones (password reset and change, email address change, two-step sign-in turned off)',
        body: UpdateUserSettingsBody,
        response: { 200: UserSettings, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
      config: { auth: { token: 'links:write' } },
      handler: async (request) =>
        app.services.users.updateSettings(authOf(request).user, request.body),
    });
  }
}
