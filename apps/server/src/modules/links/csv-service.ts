import {
  LINK_IMPORT_MAX_ERRORS,
  LINK_IMPORT_MAX_ROWS,
  LINK_IMPORT_MESSAGES,
  LINK_IMPORT_PREVIEW_ROWS,
  LinkBody,
  type LinkImportInvalid,
  type LinkImportResult,
  type LinkImportRow,
  type LinkImportRowError,
  type LinkImportMode,
  type LinkInput,
} from '@mailtokit/contracts/links';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { LinkRow, UserRow } from '../../db/types';
import type { LinkTag } from '@mailtokit/contracts/tags';
import { AppError, badRequest } from '../../lib/errors';
import { requirePremium } from '../../lib/tiers';
import {
  csvLines,
  CsvFormatError,
  CsvTooManyRowsError,
  readLinksCsv,
  type CsvRecord,
  type CsvRow,
} from './csv';
import * as tagsRepo from './tags-repo';
import * as repo from './repo';
import type { Memberships } from '../access/service';
import type { LinksService } from './service';

/** Links read per query while streaming the export. */
const EXPORT_BATCH = 500;
/** Rows validated between two turns of the event loop. */
const VALIDATE_BATCH = 100;

/** A 400 that lists the invalid rows of an import (and creates nothing). */
export class ImportInvalidError extends AppError {
  constructor(readonly body: LinkImportInvalid) {
    super(400, 'VALIDATION_ERROR', body.detail);
  }
}

/** Field of the link payload -> column of the CSV. */
const COLUMN_OF: Record<string, string> = { teamId: 'team', isShared: 'team' };

/** The `tags` cell: tag names separated by commas (blank: none). */
function tagsOfCell(cell: string): string[] {
  return cell
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

/** A link as a CSV record: its team by name, its tags' names separated by commas. */
function recordOf(r: LinkRow, teams: Memberships, tags: LinkTag[]): CsvRecord {
  return {
    name: r.name,
    to: r.to,
    cc: r.cc ?? '',
    bcc: r.bcc ?? '',
    subject: r.subject ?? '',
    body: r.body ?? '',
    team: r.team_id === null ? '' : (teams.get(r.team_id)?.teamName ?? ''),
    tags: tags.map((t) => t.name).join(', '),
  };
}

/** CSV export and import of saved links (formula protection and format: ./csv.ts). */
export class LinksCsvService {
  constructor(
    private readonly db: Db,
    private readonly links: LinksService,
    private readonly clock: Clock,
  ) {}

  /**
   * Every link the user wrote, as CSV text in chunks (header first), read from the database
   * a batch at a time so that memory stays flat however many links there are. Checks the
   * plan before anything is sent.
   */
  async exportCsv(user: UserRow, ids?: readonly number[]): Promise<AsyncGenerator<string>> {
    if (ids === undefined) requirePremium(user, this.clock());
    else await this.links.assertReachesLinks(user);
    const teams = await this.links.memberships(user);
    if (ids !== undefined) return this.selectedChunks(await this.links.readable(user, ids), teams);
    return this.exportChunks(user, teams);
  }

  private async *exportChunks(user: UserRow, teams: Memberships): AsyncGenerator<string> {
    yield csvLines([], true);
    for await (const rows of repo.ownLinksInBatches(this.db.kysely, user.id, EXPORT_BATCH)) {
      const tags = await tagsRepo.tagsOfLinks(
        this.db.kysely,
        rows.map((r) => r.id),
      );
      yield csvLines(
        rows.map((r) => recordOf(r, teams, tags.get(r.id) ?? [])),
        false,
      );
    }
  }

  private async *selectedChunks(
    rows: (LinkRow & { tags: LinkTag[] })[],
    teams: Memberships,
  ): AsyncGenerator<string> {
    yield csvLines([], true);
    yield csvLines(
      rows.map((r) => recordOf(r, teams, r.tags)),
      false,
    );
  }

  /**
   * Validates every row of a links CSV with the link form's rules. In `all` mode one invalid
   * row throws ImportInvalidError listing them and creates nothing; in `partial` mode the
   * invalid rows are skipped and listed in the answer, and only a file with no valid row is
   * refused. The valid rows are created, or none when they do not fit under the user's ceiling
   * of saved links (unless `dryRun`). Reading, checking and writing go a slice at a time, so a
   * large file never keeps other requests waiting for long.
   */
  async importCsv(
    user: UserRow,
    text: string,
    dryRun: boolean,
    mode: LinkImportMode = 'all',
  ): Promise<LinkImportResult> {
    requirePremium(user, this.clock());
    let rows: CsvRow[];
    try {
      rows = await readLinksCsv(text, LINK_IMPORT_MAX_ROWS);
    } catch (err) {
      if (err instanceof CsvTooManyRowsError)
        throw new AppError(413, 'PAYLOAD_TOO_LARGE', err.message);
      if (err instanceof CsvFormatError) throw badRequest(err.message);
      throw err;
    }
    if (rows.length === 0) throw badRequest('The file has a header row but no links');

    const check = new RowChecker(await this.links.memberships(user));
    const inputs: LinkInput[] = [];
    const invalid: LinkImportRowError[] = [];
    for (const [i, { row, cells }] of rows.entries()) {
      if (i > 0 && i % VALIDATE_BATCH === 0) await yieldToLoop();
      const checked = check.row(cells);
      if ('errors' in checked) invalid.push({ row, errors: checked.errors });
      else inputs.push(checked.input);
    }

    const preview: LinkImportRow[] = rows
      .slice(0, LINK_IMPORT_PREVIEW_ROWS)
      .map(({ row, cells }) => ({ row, ...cells }));
    if (invalid.length > 0 && (mode === 'all' || inputs.length === 0)) {
      const first = invalid[0];
      const firstMessage = first ? Object.values(first.errors)[0] : '';
      throw new ImportInvalidError({
        detail:
          invalid.length === 1
            ? `Row ${first?.row}: ${firstMessage}. Nothing was imported.`
            : `${invalid.length} rows are invalid (first: row ${first?.row}: ${firstMessage}). Nothing was imported.`,
        code: 'VALIDATION_ERROR',
        rowCount: rows.length,
        rows: invalid.slice(0, LINK_IMPORT_MAX_ERRORS),
        invalidCount: invalid.length,
        preview,
      });
    }
    const result = {
      rows: rows.length,
      valid: inputs.length,
      skipped: invalid.slice(0, LINK_IMPORT_MAX_ERRORS),
      skippedCount: invalid.length,
      preview,
    };
    if (dryRun) return { created: 0, dryRun: true, ...result };

    await this.links.importLinks(user, inputs);
    return { created: inputs.length, dryRun: false, ...result };
  }
}

/**
 * Checks one CSV row as the link form would: the cells become the link payload, and each
 * message is filed under the column it is about. A new column is read here.
 */
class RowChecker {
  private readonly teamsByName = new Map<string, number[]>();

  constructor(teams: Memberships) {
    for (const [id, { teamName }] of teams) {
      const key = teamName.trim().toLowerCase();
      this.teamsByName.set(key, [...(this.teamsByName.get(key) ?? []), id]);
    }
  }

  row(cells: CsvRow['cells']): { input: LinkInput } | { errors: Record<string, string> } {
    const errors: Record<string, string> = {};
    let teamId: number | null = null;
    const team = cells.team.trim();
    if (team) {
      const ids = this.teamsByName.get(team.toLowerCase()) ?? [];
      if (ids.length === 1) teamId = ids[0] ?? null;
      else
        errors.team =
          ids.length === 0 ? LINK_IMPORT_MESSAGES.unknownTeam : LINK_IMPORT_MESSAGES.ambiguousTeam;
    }
    const parsed = LinkBody.safeParse({
      name: cells.name,
      to: cells.to,
      cc: cells.cc,
      bcc: cells.bcc,
      subject: cells.subject,
      body: cells.body,
      teamId,
      tags: tagsOfCell(cells.tags),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'name');
        errors[COLUMN_OF[field] ?? field] ??= issue.message;
      }
    }
    if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
    return { input: parsed.data };
  }
}
