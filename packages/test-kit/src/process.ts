/**
 * Polls `url` until it answers 200 (a server process starting): 'up', or 'exited' as soon as
 * `exited()` says the process is gone, or 'timeout' after `timeoutMs`.
 */
export async function waitForHealth(
  url: string,
  {
    exited,
    timeoutMs = 30_000,
    intervalMs = 200,
  }: { exited: () => boolean; timeoutMs?: number; intervalMs?: number },
): Promise<'up' | 'exited' | 'timeout'> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited()) return 'exited';
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return 'up';
    } catch {
      // not listening yet
    }
    if (exited()) return 'exited';
    if (Date.now() > deadline) return 'timeout';
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
