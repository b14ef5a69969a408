import { formatCount } from './sqlite-file';

const WIDTH = 30;
/** Redraws at most this often: a redraw per batch would flood a slow terminal. */
const REDRAW_MS = 100;

/**
 * A one-line progress bar on a terminal: `label [#####.....]  42%  1,234/2,938`, redrawn in
 * place. Without a terminal it draws nothing (logs and pipes get the summary lines only).
 */
export class ProgressBar {
  private done = 0;
  private lastDraw = 0;
  private label = '';

  constructor(
    private readonly tty: NodeJS.WriteStream | null,
    private readonly total: number,
  ) {}

  /** Names what is being done now. */
  setLabel(label: string): void {
    this.label = label;
    this.draw(true);
  }

  advance(n: number): void {
    this.done += n;
    this.draw(false);
  }

  /** Clears the line, so the next output starts on a clean one. */
  finish(): void {
    if (this.tty) this.tty.write('\r\x1b[2K');
  }

  private draw(force: boolean): void {
    if (!this.tty) return;
    const now = Date.now();
    if (!force && now - this.lastDraw < REDRAW_MS) return;
    this.lastDraw = now;
    const share = this.total === 0 ? 1 : Math.min(1, this.done / this.total);
    const filled = Math.round(share * WIDTH);
    const bar = `${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}`;
    const pct = `${Math.floor(share * 100)}%`.padStart(4);
    this.tty.write(
      `\r\x1b[2K${this.label.padEnd(24).slice(0, 24)} [${bar}] ${pct}  ${formatCount(this.done)}/${formatCount(this.total)}`,
    );
  }
}
