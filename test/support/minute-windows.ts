export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Limits that count per wall-clock minute: start a test well inside one. */
export async function awayFromMinuteEnd(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await sleep(left + 200);
}
