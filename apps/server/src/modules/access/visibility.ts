import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type RawBuilder,
  type SqlBool,
} from 'kysely';

/**
 * Whose view a visibility test takes: a user id (bound as a query parameter), or a column of
 * the surrounding query that holds one (`{ column: 'w.user_id' }`: a webhook's owner, say).
 */
export type Viewer = number | { column: string };

const viewerOf = (viewer: Viewer) =>
  typeof viewer === 'number' ? sql.val(viewer) : sql.ref(viewer.column);

/** `<link>.user_id = viewer`: the viewer wrote the link. */
export function ownedBy(link: string, viewer: Viewer): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${link}.user_id`)} = ${viewerOf(viewer)}`;
}

/**
 * The link is shared with a team the viewer belongs to (any role). Written as `team_id in
 * (the viewer's teams)`, so that for a given user the planner reads the user's memberships
 * once and then the links of those teams through the (team_id, ...) index; never null (a
 * private link's NULL team is tested first), so it may be negated and combined freely.
 */
export function sharedWithTeamOf(link: string, viewer: Viewer): RawBuilder<SqlBool> {
  const team = sql.ref(`${link}.team_id`);
  return sql<SqlBool>`(${team} is not null and ${team} in (select visible_tm.team_id from team_members visible_tm where visible_tm.user_id = ${viewerOf(viewer)}))`;
}

/**
 * The link is shared with one of `teamIds`: for a viewer without a plan of their own, the
 * teams whose plan covers them (`seatedTeamIds`), which is all such a viewer may see. Never
 * null; an empty list selects nothing.
 */
export function sharedWithTeams(link: string, teamIds: readonly number[]): RawBuilder<SqlBool> {
  if (teamIds.length === 0) return sql<SqlBool>`(1 = 0)`;
  const team = sql.ref(`${link}.team_id`);
  return sql<SqlBool>`(${team} is not null and ${team} in (${sql.join(teamIds.map((id) => sql.val(id)))}))`;
}

/**
 * THE rule of which links a user may see, as a Kysely expression: their own links and the
 * links shared with a team they belong to (whatever their role there). `link` is the alias
 * (or table name) of `mailto_links` in the query; `viewer` a user id or a column holding one.
 *
 *     db.selectFrom('mailto_links as m').select('m.id').where(linkVisibleTo('m', user.id))
 *     trx.selectFrom('webhook_links as wl').innerJoin('webhooks as w', ...)
 *       .innerJoin('mailto_links as m', 'm.id', 'wl.mailto_link_id')
 *       .where(linkVisibleTo('m', { column: 'w.user_id' }))
 *
 * Raw SQL (the PostgreSQL click batch) takes the same rule as text: `linkVisibleToSql`.
 * This is the rule for a viewer whose own plan includes saved links (webhooks, their owners);
 * a viewer without one sees only `sharedWithTeams(link, seatedTeamIds(...))`.
 * Which of the visible links a user may edit is `accessFor`'s answer (service.ts).
 */
export function linkVisibleTo(link: string, viewer: Viewer): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${ownedBy(link, viewer)} or ${sharedWithTeamOf(link, viewer)})`;
}

/** Compiles without a connection: PostgreSQL's quoting, which SQLite reads as well. */
const compiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/**
 * `linkVisibleTo` as SQL text, for a statement written by hand (it holds no parameter, so it
 * fits between any `$n` placeholders):
 *
 *     `... join mailto_links m on m.id = wl.mailto_link_id
 *      where ${linkVisibleToSql('m', 'w.user_id')} ...`
 *
 * `link`: the alias of `mailto_links`; `userColumn`: the column holding the viewer's id.
 */
export function linkVisibleToSql(link: string, userColumn: string): string {
  const compiled = linkVisibleTo(link, { column: userColumn }).compile(compiler);
  if (compiled.parameters.length > 0) throw new Error('a visibility fragment takes no parameters');
  return compiled.sql;
}
