/**
 * Rate limits count in fixed one-minute windows, so a test that counts its way to a 429 must
 * not straddle a window's edge: the count would start again half-way (a flake seen in CI when
 * three slow sign-ups crossed a minute). Waits for the next window when fewer than
 * `secondsNeeded` are left in this one.
 */
export async function startWellInsideAMinuteWindow(secondsNeeded = 25): Promise<void> {
  const leftInWindow = 60_000 - (Date.now() % 60_000);
  if (leftInWindow < secondsNeeded * 1000)
    await new Promise((resolve) => setTimeout(resolve, leftInWindow + 500));
}
