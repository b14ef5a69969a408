import type { Db, Dialect } from '../../db/database';
import { ping } from './repo';

/** Health of the running server. */
export class SystemService {
  constructor(private readonly db: Db) {}

  /** Answers once the database does; throws when it cannot be reached. */
  async health(): Promise<{ status: 'ok'; database: Dialect }> {
    await ping(this.db.kysely);
    return { status: 'ok', database: this.db.dialect };
  }
}
