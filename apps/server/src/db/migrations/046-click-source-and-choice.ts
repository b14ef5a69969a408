import { sql } from 'kysely';
import type { DialectMigration } from './types';

/**
 * Two more things a click records (docs/decisions/0059-qr-scans-and-chooser-choices.md):
 * `source`, how the visitor reached the tracking link (`link`, or `qr` for the scan address
 * `/t/<slug>/q` that MailtoKit's QR codes encode), and `opened_with`, what the visitor of a
 * chooser page chose (`mail-app`, `gmail`, `outlook`, `yahoo`, `copy`; `none` until a choice
 * comes; null for every click that showed no chooser). PostgreSQL's click inbox carries both to
 * the applier. The webhook outbox names each row's event type (`link.clicked`, or
 * `link.opened_with` for a choice). The breakdown rollup gains a `source` dimension: the human
 * clicks counted before were link clicks.
 */
export const m046ClickSourceAndChoice: DialectMigration = (dialect) => ({
  async up(db) {
    const tables = dialect === 'postgres' ? ['clicks', 'click_inbox'] : ['clicks'];
    for (const table of tables) {
      await sql`alter table ${sql.table(table)} add column source varchar(4) not null default 'link'`.execute(
        db,
      );
      await sql`alter table ${sql.table(table)} add column opened_with varchar(10)`.execute(db);
    }
    await sql`alter table webhook_outbox add column event varchar(32) not null default 'link.clicked'`.execute(
      db,
    );
    await sql`insert into click_daily_dims (mailto_link_id, dim, day, value, clicks)
      select mailto_link_id, 'source', day, 'link', clicks from click_daily where clicks > 0`.execute(
      db,
    );
  },
  async down(db) {
    await sql`delete from click_daily_dims where dim in ('source', 'opened')`.execute(db);
    await sql`alter table webhook_outbox drop column event`.execute(db);
    const tables = dialect === 'postgres' ? ['clicks', 'click_inbox'] : ['clicks'];
    for (const table of tables)
      for (const column of ['opened_with', 'source'])
        await sql`alter table ${sql.table(table)} drop column ${sql.ref(column)}`.execute(db);
  },
});
