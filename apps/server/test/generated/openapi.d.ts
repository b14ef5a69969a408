// Generated from the served OpenAPI document by `npm run api:types`. Do not edit.

export interface paths {
    "/api/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness and database check
         * @description For load balancers: 200 when this instance can reach its database, 503 `SERVICE_UNAVAILABLE` when it cannot (or while it shuts down). A malformed URL (bad percent-encoding) answers 400 here as everywhere.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account (does not sign in) */
        post: operations["register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in: sets the session cookie (and the device cookie of a browser known to the account) and returns a bearer token. 429 past a sign-in budget or with 2 sign-ins of the client under way; 503 while the instance is busy hashing passwords
         * @description With two-step sign-in on, the right password answers 202 with a challenge (no session yet): send it with a code to `POST /api/v1/auth/login/second-factor`. A browser remembered at that step (its `mailtokit_remember` cookie) skips it for 30 days, until the password changes or two-step sign-in is turned off.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login/second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The second step of a sign-in: the challenge of the password step with a code of the authenticator app or a recovery code (each works once). Sets the session cookie like a sign-in
         * @description `rememberBrowser: true` sets a cookie with which, for 30 days, the password alone signs in from this browser. 400 on `code` or `recoveryCode` when it is wrong or used; 401 INVALID_CHALLENGE when the challenge is unknown, used or expired; wrong codes spend from budgets per account and address (5 per 15 minutes) and per account, then 429.
         */
        post: operations["completeSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/two-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether two-step sign-in is on, and how many recovery codes are left */
        get: operations["getTwoFactor"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/two-factor/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start the set-up of an authenticator app: a new secret and its otpauth:// URI (for a QR code). Two-step sign-in is on once a code of it is confirmed
         * @description Needs the current password (`currentPassword`) or one confirmed in this session within the last 10 minutes; 409 when two-step sign-in is already on.
         */
        post: operations["setUpTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/two-factor/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-step sign-in on with a code of the new secret; answers the 10 recovery codes, shown this once
         * @description 400 on `code` when it is wrong; wrong codes are budgeted like at sign-in.
         */
        post: operations["confirmTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/two-factor/totp/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-step sign-in off: the secret and the recovery codes are deleted
         * @description Needs the current password (`currentPassword`) or one confirmed in this session within the last 10 minutes.
         */
        post: operations["disableTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/two-factor/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * New recovery codes, shown this once; the old ones stop working
         * @description Needs the current password (`currentPassword`) or one confirmed in this session within the last 10 minutes; 409 while two-step sign-in is off.
         */
        post: operations["regenerateRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in sessions of the account: browser, OS, country (when known), signed in, last active (updated about once a minute), and which is this one */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Sign out one session of the account (its token stops working at once); 404 for an unknown session */
        delete: operations["revokeSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sessions/revoke-others": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out every other session of the account; answers how many ended */
        post: operations["revokeOtherSessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/passkeys/authentication/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Begin a sign-in with a passkey: the options for `navigator.credentials.get()`. Without `challengeToken`, any passkey of this site may answer (no username); with the challenge of a password step (202 of `POST /api/v1/auth/login`), one of that account
         * @description Sets a cookie that ties the ceremony to this browser for 5 minutes; 401 INVALID_CHALLENGE for an unknown or expired `challengeToken`; 409 when that account has no passkey.
         */
        post: operations["passkeySignInOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/passkeys/authentication/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish a sign-in with a passkey: the browser’s answer to the options of this browser’s ceremony (and the `challengeToken` of the password step, when it is the second step). Sets the session cookie like a sign-in
         * @description 401 PASSKEY_REJECTED when the passkey is unknown, its signature or counter is wrong, or (alone) it did not verify its user; 401 INVALID_CHALLENGE when the ceremony is missing, used or expired. With `challengeToken`, `rememberBrowser: true` sets a cookie with which, for 30 days, the password alone signs in from this browser (as at `POST /api/v1/auth/login/second-factor`).
         */
        post: operations["passkeySignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account’s passkeys: name, added, last used */
        get: operations["listPasskeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/passkeys/registration/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Begin adding a passkey: the options for `navigator.credentials.create()` (a discoverable credential)
         * @description Needs the current password (`currentPassword`) or one confirmed in this session within the last 10 minutes. Sets a cookie that ties the ceremony to this browser for 5 minutes.
         */
        post: operations["passkeyRegistrationOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/passkeys/registration/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish adding a passkey: the browser’s new credential, and its name
         * @description 400 PASSKEY_REJECTED when the credential does not answer this browser’s ceremony; 401 INVALID_CHALLENGE when the ceremony is missing, used or expired; 409 when the passkey is registered already.
         */
        post: operations["registerPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/passkeys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a passkey: it no longer signs in
         * @description Needs the password confirmed in this session within the last 10 minutes (`POST /api/v1/auth/confirm-password`), else 400 on `currentPassword`; another account’s passkey answers 404.
         */
        delete: operations["removePasskey"];
        options?: never;
        head?: never;
        /** Rename a passkey */
        patch: operations["renamePasskey"];
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out this session */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change password; signs out every other session */
        put: operations["changePassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/confirm-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm the current password (or, with two-step sign-in on, a code of the authenticator app, or one of the account’s passkeys) in this session: for 10 minutes it may create API tokens and webhooks and change two-step sign-in without sending it again
         * @description 400 on `currentPassword` when it is wrong, on `code` when the code is wrong or used; wrong passwords share the budget of every password check under a session (5 per 15 minutes per account, then 429), wrong codes the budgets of codes at sign-in. `passkey` answers the ceremony of `POST /api/v1/auth/confirm-password/passkey/options` begun in this session and this browser: 401 INVALID_CHALLENGE when that ceremony is missing, used, expired or another session’s, 401 PASSKEY_REJECTED when the passkey is not the account’s, did not verify its user or its signature or counter is wrong (rejected passkeys spend from the budget of wrong passwords).
         */
        post: operations["confirmPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/confirm-password/passkey/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Begin confirming this session with a passkey instead of the password: the options for `navigator.credentials.get()`, limited to the account’s passkeys; send the answer as `passkey` to `POST /api/v1/auth/confirm-password`
         * @description The passkey must verify its user (a PIN, a fingerprint). Sets a cookie that ties the ceremony to this browser and this session for 5 minutes; 409 when the account has no passkey.
         */
        post: operations["passkeyConfirmationOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask for a password-reset email. Always 202 with the same body, whether or not an account has the address; at most 5 emails per address per hour */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password-reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with the token of a reset email; ends every session and revokes every API token of the account (`revokedTokens` names them). 400 INVALID_TOKEN for a bad, used or expired token; 429 past 20 attempts per client address in 15 minutes */
        post: operations["confirmPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update first name, last name and email (the username cannot change); the old address is told of a new one by email
         * @description A new email address needs `currentPassword`, or a password (or code) confirmed in this session within the last 10 minutes (POST /api/v1/auth/confirm-password): else 400 on `currentPassword`, as for a wrong one. 429 past 5 wrong passwords in 15 minutes or 3 address changes an hour.
         */
        put: operations["updateProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account’s settings: `trackingOpens`, how new tracking links open when their request leaves `opens` out; `emailNotifications`, whether emails other than security ones go to it */
        get: operations["getSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change some of the account’s settings (a setting left out stays); answers them all. Existing tracking links keep how they open; `emailNotifications` false stops every email but security ones (password reset and change, email address change, two-step sign-in turned off) */
        patch: operations["updateSettings"];
        trace?: never;
    };
    "/api/v1/account/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download everything the account holds as JSON (profile, saved and tracking links with click totals, teams, API token and webhook metadata); never a password, token or secret. Streamed; a few exports per account an hour (429 past it) */
        get: operations["exportAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete the account and everything it holds, in one transaction: 403 for a wrong password, 409 OWNS_TEAMS while it owns a team with other members. Teams it owns alone and its links shared with teams are deleted too
         * @description Needs `password`, or a password (or code) confirmed in this session within the last 10 minutes (POST /api/v1/auth/confirm-password): else 400 on `currentPassword`.
         */
        delete: operations["deleteAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/security-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user's security log, newest first
         * @description Sign-ins (successful and failed), other sessions signed out, password and email changes, password resets, API tokens and webhooks created and revoked, each with the client's user agent (never its address). At most 200 per call from `offset`; X-Total-Count holds how many there are. Session only. Nothing changes an event; deleting the account deletes the log.
         */
        get: operations["listSecurityLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mailto-links/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every link the signed-in user wrote (or the chosen ones), as CSV
         * @description RFC 4180, UTF-8, header `name,to,cc,bcc,subject,body,team,tags` (`team`: the name of the team a link is shared with, else empty; `tags`: its tags' names separated by commas), streamed as an attachment. Line breaks inside fields are kept. With `ids`, only those links (own or shared with the caller's teams). Cells a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return, possibly after single quotes) get one more single quote in front; the import removes it again, so export -> import is exact. Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).
         */
        get: operations["exportLinksCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mailto-links/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create links from a CSV file: all or none, or the valid rows only
         * @description Body: `Content-Type: text/csv` (else 415), UTF-8, at most 5 MB and 10,000 links (else 413), the export's columns (`name` and `to` required, any order). Every row is checked with the link form's rules; `team` names a team of the caller. In `mode=all` (the default) any invalid row is a 400 listing `{row, errors}` (row numbers as a spreadsheet shows them, header = 1; `errors`: column -> message) and nothing is created. In `mode=partial` the valid rows are created and the invalid ones skipped, listed in `skipped` of the 201 (a 400 only when no row is valid). The links are created (201), or none (409) when they would take the account past its ceiling. An account holds at most 10,000 links of its own (409 past it). `dryRun=true` only validates (200). A file that is not such a CSV: 400. Cells a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return, possibly after single quotes) get one more single quote in front; the import removes it again, so export -> import is exact. Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).
         */
        post: operations["importLinksCsv"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user's tags, by name
         * @description Each with how many links carry it. Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).
         */
        get: operations["listTags"];
        put?: never;
        /**
         * Create a tag
         * @description A name has 1-32 characters (trimmed, no comma) and is unique per account ignoring case (409 otherwise); a colour is one of gray, red, orange, amber, green, teal, blue, purple. An account holds at most 100 tags (409 past it), a link at most 10. Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).
         */
        post: operations["createTag"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tags/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a tag
         * @description The links carrying it lose it; nothing else changes. Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).
         */
        delete: operations["deleteTag"];
        options?: never;
        head?: never;
        /**
         * Rename or recolour a tag
         * @description The links carrying it show the new name and colour, and their search finds the new name. A name has 1-32 characters (trimmed, no comma) and is unique per account ignoring case (409 otherwise); a colour is one of gray, red, orange, amber, green, teal, blue, purple. An account holds at most 100 tags (409 past it), a link at most 10. Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).
         */
        patch: operations["updateTag"];
        trace?: never;
    };
    "/api/v1/mailto-links/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run one action on up to 100 links
         * @description `action`: one of archive, restore, delete, share, unshare, tag, untag; `share` needs `teamId` (a team of the caller's, else 400), `tag` and `untag` a tag name (`tag` creates it when missing; `untag` of a name the caller has no tag of: 404). At most 100 `ids` (repeats count once). Each link goes through its single action's rules (edit access; only its author moves it to another team or changes its tags) and writes the same team log entries; a link that fails does not stop the others. The answer is 200 with a result per link: `ok`, and the status, code and detail the single action would have answered (404 for a link the caller cannot see, 409 for one already archived...). A bad body: 400, and nothing runs. Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).
         */
        post: operations["bulkLinks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mailto-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search, filter, sort and page the links the signed-in user can see
         * @description Own links and those shared with the user's teams, newest first unless `sort` and `order` say otherwise (ties broken by id, so pages never overlap). `q` matches name, recipients (to, cc, bcc), subject and tag names as a substring, ignoring case; `tag` keeps the links carrying a tag of that name (ignoring case), `teamId` the links shared with that team, `shared=true|false` the shared or the private ones; archived links are left out unless `archived=true`, which lists only them. At most 200 per call (`limit`, default 100; larger: 400) from `offset`. The X-Total-Count header holds the number of matches. Each link comes with `clicks30d` (human clicks, last 30 UTC days) and `trackingLinkCount` (its active tracking links). Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).
         */
        get: operations["listLinks"];
        put?: never;
        /**
         * Save a link
         * @description An account holds at most 10,000 links of its own (409 past it). Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).
         */
        post: operations["createLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mailto-links/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One link
         * @description Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).
         */
        get: operations["getLink"];
        /**
         * Replace every field of a link
         * @description Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).
         */
        put: operations["updateLink"];
        post?: never;
        /**
         * Delete a link
         * @description Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).
         */
        delete: operations["deleteLink"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mailto-links/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a link
         * @description The link leaves the list (`GET /api/v1/mailto-links?archived=true` shows it); its tracking links keep redirecting and counting. 409 when it is archived already. Needs edit access to the link (403 otherwise). Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).
         */
        post: operations["archiveLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mailto-links/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put an archived link back in the list
         * @description The link is listed again. 409 when it is not archived. Needs edit access to the link (403 otherwise). Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).
         */
        post: operations["restoreLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The teams the signed-in user owns or belongs to, with their members
         * @description Any plan may list. At most 200 teams per user (a documented cap).
         */
        get: operations["listTeams"];
        put?: never;
        /**
         * Create a team; the creator becomes its owner
         * @description Needs the TEAM plan (403 TEAM_REQUIRED otherwise). 409 past 50 owned teams or 200 memberships.
         */
        post: operations["createTeam"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One team with its owner and members
         * @description Members of the team only: anyone else gets 404 Team not found, whether or not it exists.
         */
        get: operations["getTeam"];
        put?: never;
        post?: never;
        /**
         * Delete a team (owner only)
         * @description Its memberships go; links shared with it become private links of their authors. Members of the team only: anyone else gets 404 Team not found, whether or not it exists.
         */
        delete: operations["deleteTeam"];
        options?: never;
        head?: never;
        /**
         * Change the team's policies (owner only): `requireTwoFactor`
         * @description With `requireTwoFactor` on, members without two-step sign-in keep their membership but get 403 TWO_FACTOR_REQUIRED on the team's links (and their analytics) until they turn it on; the change is in the audit log. Members of the team only: anyone else gets 404 Team not found, whether or not it exists.
         */
        patch: operations["updateTeam"];
        trace?: never;
    };
    "/api/v1/teams/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The members of a team: owner, then admins, then members
         * @description Members of the team only: anyone else gets 404 Team not found, whether or not it exists.
         */
        get: operations["listMembers"];
        put?: never;
        /**
         * Invite a username to the team (owner or admin); the older form of inviteMember
         * @description Creates an invitation by username, exactly as POST /api/v1/teams/{id}/invitations with {username, role} does, and answers it: nobody becomes a member but by accepting. Roles: admin or member. An unknown username gets the same 201. 409 for an existing member or an open invitation to the same username. Members of the team only: anyone else gets 404 Team not found, whether or not it exists.
         */
        post: operations["addMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/{id}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a member's role (owner only)
         * @description Between admin and member; owner transfers ownership to this member (the old owner becomes an admin): only to someone already a member, anyone else is 404 Member not found. Under a session a transfer needs `currentPassword`, or a password (or code) confirmed in the session within the last 10 minutes (POST /api/v1/auth/confirm-password), else 400 on `currentPassword`. The owner's own role never changes (403). A demotion revokes the member's pending invitations for roles the new role cannot grant (a member grants none). Members of the team only: anyone else gets 404 Team not found, whether or not it exists.
         */
        put: operations["updateMember"];
        post?: never;
        /**
         * Remove a member, or leave the team
         * @description The owner removes anyone else; an admin removes plain members; any member but the owner may remove themselves. The owner is never removed (403). The removed member's links shared with the team become their private links. Members of the team only: anyone else gets 404 Team not found, whether or not it exists.
         */
        delete: operations["removeMember"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/{id}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A team's audit log, newest first
         * @description Filtered by person (`actorId`), `action` and UTC days (`from`, `to`, inclusive), at most 200 per call from `offset`; X-Total-Count holds the number of matches. The team's owner and admins only: members get 403, anyone else 404 Team not found. Entries are appended by the changes themselves and never rewritten; they are kept as long as the team exists (at least 400 days) and deleted with it. An entry names its actor by id and by the username they had then (`deleted`: the account is gone), and the client by its user agent (never its address).
         */
        get: operations["listTeamAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/{id}/audit.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A team's audit log as CSV
         * @description The same filters, newest first, at most 10,000 entries; RFC 4180, UTF-8, header `time,actor_id,actor,action,subject_type,subject_id,subject,fields,details,user_agent,country`. The team's owner and admins only: members get 403, anyone else 404 Team not found. Entries are appended by the changes themselves and never rewritten; they are kept as long as the team exists (at least 400 days) and deleted with it. An entry names its actor by id and by the username they had then (`deleted`: the account is gone), and the client by its user agent (never its address).
         */
        get: operations["exportTeamAuditCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/{id}/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The team's pending invitations (owner or admin)
         * @description What the inviter typed (username or address), the role, who invited and when it expires; never the invitee's profile. Members get 403. Members of the team only: anyone else gets 404 Team not found, whether or not it exists.
         */
        get: operations["listTeamInvitations"];
        put?: never;
        /**
         * Invite a username or an email address to the team (owner or admin)
         * @description The invitee becomes a member only by accepting, within 14 days. Roles: admin or member (admins and the owner alike); ownership moves only to an existing member. An invited username sees the invitation in the app (and by email when they have an address); an invited address gets an email with a one-time link, which this answer's `url` also holds (shown only here). An unknown username or address gets the same 201. The email is not sent (the invitation stands) to an address that stopped invitation emails, declined this team in the last 30 days, or already got 3 invitation emails today from any team. A revoked invitation still counts in the inviter's budget. 409 for an existing member, an open invitation to the same username or address, or 100 pending invitations; 429 past the inviter's daily budget. Members of the team only: anyone else gets 404 Team not found, whether or not it exists.
         */
        post: operations["inviteMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/{id}/invitations/{invitationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a pending invitation (owner or admin)
         * @description Its link stops working at once. 404 Invitation not found for an unknown, expired or already used one. Members of the team only: anyone else gets 404 Team not found, whether or not it exists.
         */
        delete: operations["revokeInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's pending invitations
         * @description Each with the team name, the inviter, the role and the expiry; nothing about other members.
         */
        get: operations["listMyInvitations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an emailed invitation with its link's token
         * @description The signed-in caller joins the team with the invitation's role; the token is then spent. 404 Invitation not found for an unknown, used, revoked or expired token, or when its inviter can no longer grant its role; 409 when the caller is already a member.
         */
        post: operations["acceptInvitationLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept one of your invitations: you join the team
         * @description Answers the new membership. Any plan may be a member. 404 also when its inviter can no longer grant its role; 409 when already a member or past the caps of members per team or teams per user. Only an open invitation addressed to the caller: an expired, revoked, declined or foreign one is 404 Invitation not found.
         */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/{id}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decline one of your invitations
         * @description The invitation is deleted; the team sees it no more and sends the caller's address no invitation email for 30 days. Only an open invitation addressed to the caller: an expired, revoked, declined or foreign one is 404 Invitation not found.
         */
        post: operations["declineInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The team and the inviter of an emailed invitation link, for the link's page
         * @description No sign-in: the link's token names the invitation. Answers the team's name, the inviter's display name and username, the role and the expiry; nothing about members. 404 Invitation not found for an unknown, used, revoked or expired token.
         */
        post: operations["previewInvitationLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop every invitation email to an address, with its email's one-click link
         * @description No sign-in: the token of the "Stop invitation emails" link that every invitation email carries names the address. From then on no team sends that address an invitation email (invitations by username still show in the app). Again is fine (204); 404 for an unknown or expired link.
         */
        post: operations["stopInvitationMails"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user’s API tokens, newest first (never their secrets)
         * @description Needs a signed-in session: an API token gets 403 SESSION_REQUIRED.
         */
        get: operations["listTokens"];
        put?: never;
        /**
         * Create an API token; the answer is the only time the token is shown
         * @description Needs a signed-in session: an API token gets 403 SESSION_REQUIRED. Needs `currentPassword`, or a password confirmed in this session within the last 10 minutes (POST /api/v1/auth/confirm-password): else 400 on `currentPassword`. 409 past 50 tokens.
         */
        post: operations["createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API token at once
         * @description Needs a signed-in session: an API token gets 403 SESSION_REQUIRED. Another user’s token answers 404.
         */
        delete: operations["revokeToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user’s webhooks, newest first (never their secrets)
         * @description On any plan: an owner whose plan no longer includes webhooks keeps them, paused (`pausedByPlan`).
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create a webhook; the answer is the only time its signing secret is shown
         * @description Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise). The URL must be http(s) and its host must resolve to public addresses only (400 otherwise). Each listed link must be one the caller may read (404 otherwise). 409 past 20 webhooks. Under a session it needs `currentPassword`, or a password confirmed in the session within the last 10 minutes (POST /api/v1/auth/confirm-password), else 400 on `currentPassword`; an API token with the `webhooks:write` scope needs none.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook; its pending deliveries are cancelled
         * @description On any plan: an owner whose plan no longer includes webhooks keeps them, paused (`pausedByPlan`).
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Enable or disable a webhook
         * @description Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise). Enabling ends the failure streak; disabling cancels pending deliveries.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The webhook’s last 100 deliveries, newest first
         * @description On any plan: an owner whose plan no longer includes webhooks keeps them, paused (`pausedByPlan`).
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a `ping` event now (one attempt); see its outcome in the deliveries
         * @description Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise). 409 when the webhook is disabled. At most 10 a minute per account, all its webhooks together, and 30 a minute per target host from all accounts (429 with `Retry-After` past either); deleting and recreating a webhook gives nothing back.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a message to the MailtoKit team (stored; rate limited per IP) */
        post: operations["sendContactMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tracking": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a tracking link (`PUBLIC_URL/t/<slug>`) for a saved link
         * @description The redirect always goes to the stored link, built by packages/mailto; `mailtoUrl` is accepted for older clients and ignored. Needs edit rights on the link (403 otherwise). At most 50 per link (409). Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).
         */
        post: operations["createTrackingLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mailto-links/{id}/tracking-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A link’s tracking links, newest first, with their human clicks
         * @description Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).
         */
        get: operations["listTrackingLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tracking/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a tracking link: its URL answers 404, its clicks stay in the analytics
         * @description Needs edit rights on the link (403 otherwise). Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).
         */
        delete: operations["deleteTrackingLink"];
        options?: never;
        head?: never;
        /**
         * Change how a tracking link opens (`direct` or `choose`); its URL and clicks stay
         * @description Needs edit rights on the link (403 otherwise); a deleted tracking link answers 404. Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).
         */
        patch: operations["updateTrackingLink"];
        trace?: never;
    };
    "/api/v1/mailto-links/{id}/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A link’s clicks, visitors, series and breakdowns over a range
         * @description Hits that are not a person’s click (bots, link previews, email scanners, prefetches, repeats) are counted apart (botClicks, and by reason in filtered) and left out of everything else. `from` and `to`: `YYYY-MM-DD` or ISO date-times with a zone, both inclusive (default: the last 30 days, UTC); at most 366 days; hourly at most the last 744 hours. Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise) and read access to the link (404 otherwise).
         */
        get: operations["getLinkAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Clicks and visitors of every link the caller can see
         * @description `from` and `to`: `YYYY-MM-DD` or ISO date-times with a zone, both inclusive (default: the last 30 days, UTC); at most 366 days; hourly at most the last 744 hours. Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise).
         */
        get: operations["getAnalyticsOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mailto-links/{id}/clicks.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A link’s clicks as CSV (streamed)
         * @description Columns: occurred_at, tracking_link, label, referrer_host, browser, os, device, is_bot (left out of the counts), visitor_id (a prefix of the daily-salted visitor hash; no IPs are stored), classification (human, bot, preview, scanner, prefetch or repeat). `from` and `to`: `YYYY-MM-DD` or ISO date-times with a zone, both inclusive (default: the last 30 days, UTC); at most 366 days; hourly at most the last 744 hours. Needs a PREMIUM or TEAM plan (403 PREMIUM_REQUIRED otherwise) and read access to the link (404 otherwise).
         */
        get: operations["exportClicksCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        TagBodyInput: {
            name: string;
            /**
             * @default gray
             * @enum {string}
             */
            color: "gray" | "red" | "orange" | "amber" | "green" | "teal" | "blue" | "purple";
        };
        TagPatchInput: {
            name?: string;
            /** @enum {string} */
            color?: "gray" | "red" | "orange" | "amber" | "green" | "teal" | "blue" | "purple";
        };
        BulkBodyInput: {
            ids: number[];
            /** @enum {string} */
            action: "archive" | "restore" | "delete" | "share" | "unshare" | "tag" | "untag";
            teamId?: number;
            tag?: string;
        };
        LinkBodyInput: {
            name: string;
            /** @description Comma-separated email addresses, stored as `a@x.org, b@y.org` (at most 2000 characters) */
            to: string;
            cc?: string | null;
            bcc?: string | null;
            subject?: string | null;
            body?: string | null;
            isShared?: boolean | null;
            teamId?: number | null;
            /** @description Tag names (at most 10; missing ones are created in the author's account). Left out: an update keeps the link's tags as they are. Only the link's author may change them (403 otherwise). */
            tags?: string[];
        };
        LoginBodyInput: {
            /** @description The username or the email address of the account */
            username: string;
            password: string;
        };
        RegisterBodyInput: {
            username: string;
            /** Format: email */
            email: string;
            password: string;
            firstName?: string | null;
            lastName?: string | null;
        };
        ConfirmPasswordBodyInput: {
            currentPassword?: string;
            code?: string;
            /** @description The browser’s answer (AuthenticationResponseJSON) to the options of `POST /api/v1/auth/confirm-password/passkey/options` */
            passkey?: {
                id: string;
                rawId: string;
                /** @constant */
                type: "public-key";
                response: {
                    clientDataJSON: string;
                } & {
                    [key: string]: unknown;
                };
            } & {
                [key: string]: unknown;
            };
        };
        ProfileBodyInput: {
            firstName?: string | null;
            lastName?: string | null;
            /** Format: email */
            email: string;
            /** @description The current password; required when the email address changes */
            currentPassword?: string;
        };
        ChangePasswordBodyInput: {
            currentPassword: string;
            newPassword: string;
        };
        PasswordResetRequestBodyInput: {
            /** Format: email */
            email: string;
        };
        PasswordResetConfirmBodyInput: {
            token: string;
            password: string;
        };
        SecondFactorBodyInput: {
            challengeToken: string;
            code?: string;
            recoveryCode?: string;
            /** @description Remember this browser: for 30 days, signing in with the password from it skips this step */
            rememberBrowser?: boolean;
        };
        FreshPasswordBodyInput: {
            /** @description The current password; needed under a session unless it was confirmed in the session within the last 10 minutes (POST /api/v1/auth/confirm-password) */
            currentPassword?: string;
        };
        TotpConfirmBodyInput: {
            code: string;
        };
        RenamePasskeyBodyInput: {
            name: string;
        };
        PasskeyRegistrationBodyInput: {
            name: string;
            /** @description The credential as WebAuthn JSON (base64url fields) */
            response: {
                id: string;
                rawId: string;
                /** @constant */
                type: "public-key";
                response: {
                    clientDataJSON: string;
                } & {
                    [key: string]: unknown;
                };
            } & {
                [key: string]: unknown;
            };
        };
        PasskeyAuthenticationOptionsBodyInput: {
            challengeToken?: string;
        };
        PasskeyAuthenticationBodyInput: {
            /** @description The credential as WebAuthn JSON (base64url fields) */
            response: {
                id: string;
                rawId: string;
                /** @constant */
                type: "public-key";
                response: {
                    clientDataJSON: string;
                } & {
                    [key: string]: unknown;
                };
            } & {
                [key: string]: unknown;
            };
            challengeToken?: string;
            /** @description With `challengeToken` (a second step): remember this browser, so that for 30 days signing in with the password from it skips that step */
            rememberBrowser?: boolean;
        };
        CreateTeamBodyInput: {
            name: string;
            description?: string | null;
        };
        UpdateTeamBodyInput: {
            requireTwoFactor: boolean;
        };
        UpdateMemberBodyInput: {
            role: string;
            /** @description The current password; needed under a session unless it was confirmed in the session within the last 10 minutes (POST /api/v1/auth/confirm-password) */
            currentPassword?: string;
        };
        InviteBodyInput: {
            username?: string | null;
            email?: string | null;
            role?: string;
        };
        InviteByUsernameBodyInput: {
            username: string;
            role?: string;
        };
        AcceptTokenBodyInput: {
            token: string;
        };
        StopInvitationMailsBodyInput: {
            token: string;
        };
        CreateTokenBodyInput: {
            name: string;
            scopes: ("links:read" | "links:write" | "analytics:read" | "teams:read" | "teams:write" | "webhooks:write" | "audit:read")[];
            expiresInDays?: number | null;
            /** @description The current password; needed under a session unless it was confirmed in the session within the last 10 minutes (POST /api/v1/auth/confirm-password) */
            currentPassword?: string;
        };
        /**
         * @description How the tracking link opens: `direct` (302 to the `mailto:` URL, the default) or `choose` (a page that lets the visitor choose the mail app, Gmail, Outlook.com, Yahoo Mail or copy the address)
         * @enum {string}
         */
        TrackingOpensInput: "direct" | "choose";
        CreateTrackingBodyInput: {
            mailtoLinkId: number;
            mailtoUrl?: string;
            label?: string | null;
            /** @description How the tracking link opens; when left out, the account’s default (`trackingOpens` of `GET /api/v1/settings`, `direct` unless changed) */
            opens?: components["schemas"]["TrackingOpensInput"];
        };
        UpdateTrackingBodyInput: {
            opens: components["schemas"]["TrackingOpensInput"];
        };
        DeleteAccountBodyInput: {
            /** @description The password; needed unless it (or a code) was confirmed in this session within the last 10 minutes */
            password?: string;
        };
        CreateWebhookBodyInput: {
            /** Format: uri */
            url: string;
            /**
             * @default [
             *       "link.clicked"
             *     ]
             */
            events: ("link.clicked" | "link.opened_with")[];
            /** @description Links to report clicks of; absent or null: every link you created */
            mailtoLinkIds?: number[] | null;
            /** @description The current password; needed under a session unless it was confirmed in the session within the last 10 minutes (POST /api/v1/auth/confirm-password) */
            currentPassword?: string;
        };
        UpdateWebhookBodyInput: {
            enabled: boolean;
        };
        ContactBodyInput: {
            name: string;
            /** Format: email */
            email: string;
            subject: string;
            message: string;
        };
        UpdateUserSettingsBodyInput: {
            trackingOpens?: components["schemas"]["TrackingOpensInput"];
            emailNotifications?: boolean;
        };
        LinkTag: {
            id: number;
            name: string;
            /** @enum {string} */
            color: "gray" | "red" | "orange" | "amber" | "green" | "teal" | "blue" | "purple";
        };
        Tag: {
            id: number;
            name: string;
            /** @enum {string} */
            color: "gray" | "red" | "orange" | "amber" | "green" | "teal" | "blue" | "purple";
            linkCount: number;
            /** Format: date-time */
            createdAt: string;
        };
        TagList: components["schemas"]["Tag"][];
        BulkItemResult: {
            id: number;
            ok: boolean;
            /** @description The status the single action would answer */
            status: number;
            code?: string;
            detail?: string;
        };
        BulkResult: {
            /** @enum {string} */
            action: "archive" | "restore" | "delete" | "share" | "unshare" | "tag" | "untag";
            succeeded: number;
            failed: number;
            results: components["schemas"]["BulkItemResult"][];
        };
        MailtoLink: {
            id: number;
            userId: number;
            teamId: number | null;
            teamName: string | null;
            name: string;
            to: string;
            cc: string | null;
            bcc: string | null;
            subject: string | null;
            body: string | null;
            isShared: boolean;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** Format: uri */
            mailtoUrl: string;
            canEdit: boolean;
            /** @description When the link was archived (left out of the list unless `archived=true`; its tracking links still redirect and count); null while it is in the list */
            archivedAt: string | null;
            /** @description The link's tags (its author's), by name; team members see them too */
            tags: components["schemas"]["LinkTag"][];
        };
        ListedMailtoLink: {
            id: number;
            userId: number;
            teamId: number | null;
            teamName: string | null;
            name: string;
            to: string;
            cc: string | null;
            bcc: string | null;
            subject: string | null;
            body: string | null;
            isShared: boolean;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** Format: uri */
            mailtoUrl: string;
            canEdit: boolean;
            /** @description When the link was archived (left out of the list unless `archived=true`; its tracking links still redirect and count); null while it is in the list */
            archivedAt: string | null;
            /** @description The link's tags (its author's), by name; team members see them too */
            tags: components["schemas"]["LinkTag"][];
            /** @description Human clicks on the link's tracking links (retired ones included) over the last 30 UTC days, today included; bots, previews, mail scanners, prefetches and repeats are left out */
            clicks30d: number;
            /** @description Tracking links of the link that still redirect (deleted ones left out) */
            trackingLinkCount: number;
            /** @description The newest tracking link that still redirects (`PUBLIC_URL/t/<slug>`): the address to share, as it counts clicks; null when the link has none */
            trackingUrl: string | null;
        };
        MailtoLinkList: components["schemas"]["ListedMailtoLink"][];
        LinkImportRow: {
            row: number;
            name: string;
            to: string;
            cc: string;
            bcc: string;
            subject: string;
            body: string;
            team: string;
            /** @description Tag names separated by commas */
            tags: string;
        };
        LinkImportRowError: {
            /** @description Row number as a spreadsheet shows it (header = 1) */
            row: number;
            errors: {
                [key: string]: string;
            };
        };
        LinkImportResult: {
            created: number;
            dryRun: boolean;
            rows: number;
            valid: number;
            skipped: components["schemas"]["LinkImportRowError"][];
            skippedCount: number;
            preview: components["schemas"]["LinkImportRow"][];
        };
        LinkImportInvalid: {
            detail: string;
            code: string;
            rowCount: number;
            rows: components["schemas"]["LinkImportRowError"][];
            invalidCount: number;
            preview: components["schemas"]["LinkImportRow"][];
        };
        User: {
            id: number;
            username: string;
            email: string | null;
            firstName: string | null;
            lastName: string | null;
            /**
             * @description The tier in force: FREE once a paid tier has passed its end
             * @enum {string}
             */
            subscriptionTier: "FREE" | "PREMIUM" | "TEAM";
            /** @description When the paid tier ends (ISO 8601); null: no end */
            subscriptionExpiresAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        LoginResponse: {
            access_token: string;
            user: components["schemas"]["User"];
        };
        PasswordConfirmed: {
            /** Format: date-time */
            confirmedUntil: string;
        };
        Ok: {
            /** @constant */
            ok: true;
        };
        PasswordResetRequested: {
            detail: string;
        };
        PasswordResetConfirmed: {
            /** @constant */
            ok: true;
            revokedTokens: {
                name: string;
            }[];
        };
        SecondFactorRequired: {
            /** @constant */
            secondFactor: "required";
            challengeToken: string;
            /** Format: date-time */
            expiresAt: string;
            methods: ("totp" | "recovery_code" | "passkey")[];
        };
        TwoFactorStatus: {
            totp: boolean;
            recoveryCodesLeft: number;
        };
        TotpSetup: {
            secret: string;
            otpauthUri: string;
        };
        RecoveryCodes: {
            recoveryCodes: string[];
        };
        Passkey: {
            id: number;
            name: string;
            /** Format: date-time */
            createdAt: string;
            lastUsedAt: string | null;
        };
        PasskeyList: {
            passkeys: components["schemas"]["Passkey"][];
        };
        /** @description PublicKeyCredentialCreationOptionsJSON (registration) or PublicKeyCredentialRequestOptionsJSON (authentication) */
        PasskeyOptions: {
            challenge: string;
        } & {
            [key: string]: unknown;
        };
        SessionInfo: {
            /** @description Names the session for `DELETE /api/v1/auth/sessions/{id}` */
            id: string;
            browser: string | null;
            os: string | null;
            country: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            lastActiveAt: string;
            /** @description The session of this request */
            current: boolean;
        };
        SessionList: {
            sessions: components["schemas"]["SessionInfo"][];
        };
        SessionsSignedOut: {
            signedOut: number;
        };
        TeamMember: {
            id: number;
            teamId: number;
            userId: number;
            /** @enum {string} */
            role: "OWNER" | "ADMIN" | "MEMBER";
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            user: {
                username: string;
                firstName: string | null;
                lastName: string | null;
                email: string | null;
                profileImageUrl: string | null;
            };
        };
        TeamMemberList: components["schemas"]["TeamMember"][];
        Team: {
            id: number;
            name: string;
            description: string | null;
            ownerId: number;
            owner_id: number;
            owner: {
                id: number;
                username: string;
            } | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updatedAt: string;
            currentUserId: number;
            /** @enum {string} */
            currentUserRole: "OWNER" | "ADMIN" | "MEMBER";
            planActive: boolean;
            requireTwoFactor: boolean;
            memberCount: number;
            members: components["schemas"]["TeamMember"][];
        };
        TeamList: components["schemas"]["Team"][];
        Invitation: {
            id: number;
            teamId: number;
            teamName: string;
            /** @enum {string} */
            role: "ADMIN" | "MEMBER";
            username?: string;
            /** Format: email */
            email?: string;
            invitedBy: {
                id: number;
                username: string;
                /** @description The inviter's first name, else username */
                displayName: string;
            };
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            expiresAt: string;
            /** @constant */
            status: "PENDING";
            /** Format: uri */
            url?: string;
        };
        InvitationList: components["schemas"]["Invitation"][];
        InvitationPreview: {
            teamName: string;
            /** @enum {string} */
            role: "ADMIN" | "MEMBER";
            invitedBy: {
                username: string;
                /** @description The inviter's first name, else username */
                displayName: string;
            };
            /** Format: date-time */
            expiresAt: string;
            /** @description The team's owner requires two-step sign-in of every member: the team's links open only for members who have it on */
            requiresTwoFactor: boolean;
        };
        Error: {
            detail: string;
            code: string;
            fields?: {
                [key: string]: string;
            };
        };
        ApiToken: {
            id: number;
            name: string;
            scopes: ("links:read" | "links:write" | "analytics:read" | "teams:read" | "teams:write" | "webhooks:write" | "audit:read")[];
            /** Format: date-time */
            createdAt: string;
            expiresAt: string | null;
            lastUsedAt: string | null;
        };
        CreatedApiToken: {
            id: number;
            name: string;
            scopes: ("links:read" | "links:write" | "analytics:read" | "teams:read" | "teams:write" | "webhooks:write" | "audit:read")[];
            /** Format: date-time */
            createdAt: string;
            expiresAt: string | null;
            lastUsedAt: string | null;
            /** @description `mtk_` + 43 characters; shown in this response only */
            token: string;
        };
        ApiTokenList: components["schemas"]["ApiToken"][];
        LinkAnalytics: {
            linkId: number;
            /** Format: date-time */
            from: string;
            /** Format: date-time */
            to: string;
            /** @enum {string} */
            interval: "hour" | "day";
            country: string | null;
            totals: {
                clicks: number;
                uniqueVisitors: number;
                botClicks: number;
                filtered: {
                    bot: number;
                    preview: number;
                    scanner: number;
                    prefetch: number;
                    repeat: number;
                    embedded: number;
                };
            };
            series: {
                /** Format: date-time */
                t: string;
                clicks: number;
                uniqueVisitors: number;
            }[];
            referrers: {
                key: string;
                clicks: number;
            }[];
            browsers: {
                key: string;
                clicks: number;
            }[];
            os: {
                key: string;
                clicks: number;
            }[];
            devices: {
                key: string;
                clicks: number;
            }[];
            countries: {
                key: string;
                clicks: number;
            }[];
            sources: {
                key: string;
                clicks: number;
            }[];
            openedWith: {
                key: string;
                clicks: number;
            }[];
            cities: {
                country: string;
                city: string;
                clicks: number;
            }[];
            labels: {
                key: string;
                clicks: number;
            }[];
        };
        AnalyticsOverview: {
            /** Format: date-time */
            from: string;
            /** Format: date-time */
            to: string;
            /** @enum {string} */
            interval: "hour" | "day";
            country: string | null;
            totals: {
                clicks: number;
                uniqueVisitors: number;
                botClicks: number;
                filtered: {
                    bot: number;
                    preview: number;
                    scanner: number;
                    prefetch: number;
                    repeat: number;
                    embedded: number;
                };
            };
            series: {
                /** Format: date-time */
                t: string;
                clicks: number;
                uniqueVisitors: number;
            }[];
            sources: {
                key: string;
                clicks: number;
            }[];
            openedWith: {
                key: string;
                clicks: number;
            }[];
            countries: {
                key: string;
                clicks: number;
            }[];
            cities: {
                country: string;
                city: string;
                clicks: number;
            }[];
            links: {
                id: number;
                name: string;
                teamId: number | null;
                clicks: number;
                uniqueVisitors: number;
                trackingLinks: number;
                lastClickAt: string | null;
            }[];
        };
        /**
         * @description How the tracking link opens: `direct` (302 to the `mailto:` URL, the default) or `choose` (a page that lets the visitor choose the mail app, Gmail, Outlook.com, Yahoo Mail or copy the address)
         * @enum {string}
         */
        TrackingOpens: "direct" | "choose";
        TrackingLink: {
            id: number;
            slug: string;
            /** Format: uri */
            trackingUrl: string;
            /** Format: uri */
            scanUrl: string;
            mailtoLinkId: number;
            label: string | null;
            /** Format: date-time */
            createdAt: string;
            clicks: number;
            opens: components["schemas"]["TrackingOpens"];
        };
        TrackingLinkList: components["schemas"]["TrackingLink"][];
        SecurityEvent: {
            id: number;
            /** @enum {string} */
            event: "sign_in" | "sign_in_failed" | "other_sessions_signed_out" | "session_signed_out" | "password_changed" | "password_reset" | "email_changed" | "api_token_created" | "api_token_revoked" | "webhook_created" | "webhook_deleted" | "passkey_added" | "passkey_removed";
            detail: string | null;
            userAgent: string | null;
            country: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        SecurityEventList: components["schemas"]["SecurityEvent"][];
        AccountExport: {
            /** @constant */
            format: "mailtokit-account-export/1";
            /** Format: date-time */
            exportedAt: string;
            profile: components["schemas"]["User"];
            savedLinks: {
                id: number;
                name: string;
                to: string;
                cc: string | null;
                bcc: string | null;
                subject: string | null;
                body: string | null;
                /** Format: uri */
                mailtoUrl: string;
                teamId: number | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                updatedAt: string;
            }[];
            trackingLinks: {
                id: number;
                slug: string;
                /** Format: uri */
                trackingUrl: string;
                mailtoLinkId: number;
                label: string | null;
                /** Format: date-time */
                createdAt: string;
                retiredAt: string | null;
                clicks: number;
                botClicks: number;
                qrClicks: number;
                openedWith: {
                    "mail-app": number;
                    gmail: number;
                    outlook: number;
                    yahoo: number;
                    copy: number;
                    none: number;
                };
                places: {
                    country: string;
                    city: string | null;
                    clicks: number;
                }[];
            }[];
            teams: {
                id: number;
                name: string;
                description: string | null;
                /** @enum {string} */
                role: "OWNER" | "ADMIN" | "MEMBER";
                /** Format: date-time */
                joinedAt: string;
            }[];
            apiTokens: {
                id: number;
                name: string;
                scopes: string[];
                /** Format: date-time */
                createdAt: string;
                expiresAt: string | null;
                lastUsedAt: string | null;
            }[];
            webhooks: {
                id: number;
                /** Format: uri */
                url: string;
                events: string[];
                allLinks: boolean;
                linkIds: number[];
                disabledAt: string | null;
                /** Format: date-time */
                createdAt: string;
            }[];
            sessions: {
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                lastSeenAt: string;
                /** Format: date-time */
                expiresAt: string;
                userAgent: string | null;
                country: string | null;
            }[];
            rememberedBrowsers: {
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                expiresAt: string;
            }[];
            twoFactor: {
                totpEnabledAt: string | null;
                recoveryCodesLeft: number;
            };
            passkeys: {
                id: number;
                name: string;
                /** Format: date-time */
                createdAt: string;
                lastUsedAt: string | null;
            }[];
            contactMessages: {
                name: string;
                /** Format: email */
                email: string;
                subject: string;
                message: string;
                /** Format: date-time */
                createdAt: string;
            }[];
            invitations: {
                sent: {
                    id: number;
                    teamId: number;
                    teamName: string;
                    /** @enum {string} */
                    role: "ADMIN" | "MEMBER";
                    username: string | null;
                    email: string | null;
                    /** Format: date-time */
                    createdAt: string;
                    /** Format: date-time */
                    expiresAt: string;
                }[];
                received: {
                    id: number;
                    teamId: number;
                    teamName: string;
                    /** @enum {string} */
                    role: "ADMIN" | "MEMBER";
                    invitedBy: string;
                    /** Format: date-time */
                    createdAt: string;
                    /** Format: date-time */
                    expiresAt: string;
                }[];
            };
            securityLog: components["schemas"]["SecurityEvent"][];
        };
        TeamAuditEntry: {
            id: number;
            teamId: number;
            /** @enum {string} */
            action: "link.created" | "link.edited" | "link.shared" | "link.unshared" | "link.archived" | "link.restored" | "link.deleted" | "tracking_link.created" | "tracking_link.deleted" | "invitation.sent" | "invitation.revoked" | "invitation.accepted" | "invitation.declined" | "member.role_changed" | "member.removed" | "member.left" | "team.ownership_transferred" | "team.two_factor_policy_changed";
            actor: {
                id: number | null;
                username: string;
                deleted: boolean;
            };
            subject: {
                /** @enum {string} */
                type: "link" | "tracking_link" | "user" | "invitation" | "team";
                id: number | null;
                name: string | null;
            };
            fields: string[];
            details: {
                [key: string]: string;
            };
            userAgent: string | null;
            country: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        TeamAuditList: components["schemas"]["TeamAuditEntry"][];
        Webhook: {
            id: number;
            /** Format: uri */
            url: string;
            events: ("link.clicked" | "link.opened_with")[];
            mailtoLinkIds: number[] | null;
            enabled: boolean;
            pausedByPlan: boolean;
            disabledAt: string | null;
            consecutiveFailures: number;
            /** Format: date-time */
            createdAt: string;
        };
        CreatedWebhook: {
            id: number;
            /** Format: uri */
            url: string;
            events: ("link.clicked" | "link.opened_with")[];
            mailtoLinkIds: number[] | null;
            enabled: boolean;
            pausedByPlan: boolean;
            disabledAt: string | null;
            consecutiveFailures: number;
            /** Format: date-time */
            createdAt: string;
            /** @description `whsec_` + 43 characters; shown in this response only */
            secret: string;
        };
        WebhookList: components["schemas"]["Webhook"][];
        WebhookDelivery: {
            id: number;
            eventId: string;
            event: string;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed" | "cancelled";
            attempts: number;
            responseStatus: number | null;
            error: string | null;
            /** Format: date-time */
            createdAt: string;
            lastAttemptAt: string | null;
            nextAttemptAt: string | null;
            completedAt: string | null;
        };
        WebhookDeliveryList: components["schemas"]["WebhookDelivery"][];
        ContactResponse: {
            id: number;
            /** Format: date-time */
            receivedAt: string;
        };
        UserSettings: {
            /** @description How new tracking links open when their request leaves `opens` out, and the choice the new-tracking-link dialog starts with */
            trackingOpens: components["schemas"]["TrackingOpens"];
            /** @description Emails other than security ones (team invitations) may go to the account; security emails always go */
            emailNotifications: boolean;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                        /** @enum {string} */
                        database: "sqlite" | "postgres";
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecondFactorRequired"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    completeSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SecondFactorBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TwoFactorStatus"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setUpTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FreshPasswordBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TotpSetup"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TotpConfirmBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryCodes"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    disableTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FreshPasswordBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    regenerateRecoveryCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FreshPasswordBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryCodes"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionList"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeOtherSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionsSignedOut"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    passkeySignInOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasskeyAuthenticationOptionsBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyOptions"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    passkeySignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasskeyAuthenticationBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPasskeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyList"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    passkeyRegistrationOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FreshPasswordBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyOptions"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    registerPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasskeyRegistrationBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Passkey"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removePasskey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Passkey id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    renamePasskey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Passkey id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RenamePasskeyBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Passkey"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePasswordBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfirmPasswordBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordConfirmed"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    passkeyConfirmationOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyOptions"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordResetRequestBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordResetRequested"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordResetConfirmBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordResetConfirmed"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProfileBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSettings"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateUserSettingsBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSettings"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountExport"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeleteAccountBodyInput"];
            };
        };
        responses: {
            /** @description Deleted; the session cookie is cleared */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSecurityLog: {
        parameters: {
            query?: {
                limit?: string;
                offset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecurityEventList"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportLinksCsv: {
        parameters: {
            query?: {
                /** @description Only these links (comma-separated ids, at most 100), own or shared with the caller's teams; ids the caller cannot read are left out */
                ids?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": unknown;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    importLinksCsv: {
        parameters: {
            query?: {
                /** @description `true`: validate every row and create nothing */
                dryRun?: "true" | "false";
                /** @description `all` (the default): any invalid row and nothing is created (400). `partial`: the valid rows are created and the invalid ones skipped and listed (400 only when no row is valid) */
                mode?: "all" | "partial";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkImportResult"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkImportResult"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkImportInvalid"] | components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTags: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TagList"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTag: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TagBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tag"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tag id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateTag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tag id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TagPatchInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tag"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    bulkLinks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BulkBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkResult"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listLinks: {
        parameters: {
            query?: {
                /** @description Search text: links whose name, recipients (to, cc, bcc), subject or tag names contain it, ignoring case */
                q?: string;
                /** @description Only links shared with this team */
                teamId?: string;
                /** @description `true`: only links shared with a team; `false`: only private links */
                shared?: "true" | "false";
                /** @description `false` (default): the links in the list; `true`: only the archived ones */
                archived?: "true" | "false";
                /** @description Only links carrying a tag of this name (ignoring case) */
                tag?: string;
                /** @description Order by creation time (default), last change, name or total clicks */
                sort?: "createdAt" | "updatedAt" | "name" | "clicks";
                /** @description Default: `asc` for `name`, `desc` for the others */
                order?: "asc" | "desc";
                /** @description Links per page: 200 at most (default 100) */
                limit?: string;
                /** @description Matches to skip (default 0) */
                offset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailtoLinkList"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailtoLink"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Link id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailtoLink"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Link id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailtoLink"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Link id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    archiveLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Link id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailtoLink"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    restoreLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Link id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailtoLink"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTeams: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamList"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTeam: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTeamBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Team id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Team id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Team id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTeamBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Team id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamMemberList"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Team id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InviteByUsernameBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Team id (a positive integer) */
                id: string;
                /** @description User id of the member (a positive integer) */
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateMemberBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamMember"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Team id (a positive integer) */
                id: string;
                /** @description User id of the member (a positive integer) */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTeamAudit: {
        parameters: {
            query?: {
                /** @description Only entries by this person (user id) */
                actorId?: string;
                /** @description Only entries of this action */
                action?: "link.created" | "link.edited" | "link.shared" | "link.unshared" | "link.archived" | "link.restored" | "link.deleted" | "tracking_link.created" | "tracking_link.deleted" | "invitation.sent" | "invitation.revoked" | "invitation.accepted" | "invitation.declined" | "member.role_changed" | "member.removed" | "member.left" | "team.ownership_transferred" | "team.two_factor_policy_changed";
                /** @description UTC calendar day (YYYY-MM-DD), inclusive */
                from?: string;
                /** @description UTC calendar day (YYYY-MM-DD), inclusive */
                to?: string;
                limit?: string;
                offset?: string;
            };
            header?: never;
            path: {
                /** @description Team id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamAuditList"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportTeamAuditCsv: {
        parameters: {
            query?: {
                /** @description Only entries by this person (user id) */
                actorId?: string;
                /** @description Only entries of this action */
                action?: "link.created" | "link.edited" | "link.shared" | "link.unshared" | "link.archived" | "link.restored" | "link.deleted" | "tracking_link.created" | "tracking_link.deleted" | "invitation.sent" | "invitation.revoked" | "invitation.accepted" | "invitation.declined" | "member.role_changed" | "member.removed" | "member.left" | "team.ownership_transferred" | "team.two_factor_policy_changed";
                /** @description UTC calendar day (YYYY-MM-DD), inclusive */
                from?: string;
                /** @description UTC calendar day (YYYY-MM-DD), inclusive */
                to?: string;
            };
            header?: never;
            path: {
                /** @description Team id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The CSV file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": unknown;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTeamInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Team id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationList"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    inviteMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Team id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InviteBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Invitation"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Team id (a positive integer) */
                id: string;
                /** @description Invitation id (a positive integer) */
                invitationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMyInvitations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationList"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    acceptInvitationLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AcceptTokenBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamMember"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invitation id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamMember"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    declineInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Invitation id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Declined */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    previewInvitationLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AcceptTokenBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationPreview"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    stopInvitationMails: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StopInvitationMailsBodyInput"];
            };
        };
        responses: {
            /** @description Stopped */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiTokenList"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTokenBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiToken"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Token id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhook"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendContactMessage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactResponse"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTrackingLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTrackingBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrackingLink"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTrackingLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrackingLinkList"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteTrackingLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Ok"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateTrackingLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTrackingBodyInput"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrackingLink"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLinkAnalytics: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                interval?: "hour" | "day";
                /** @description ISO 3166-1 alpha-2 country code, or ZZ for unknown */
                country?: string;
            };
            header?: never;
            path: {
                /** @description Link id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkAnalytics"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAnalyticsOverview: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                interval?: "hour" | "day";
                /** @description ISO 3166-1 alpha-2 country code, or ZZ for unknown */
                country?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsOverview"];
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportClicksCsv: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                /** @description Link id (a positive integer) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV, UTF-8, CRLF */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": unknown;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
