import { Logger } from '@nestjs/common';

const ONCE_A_MINUTE_MS = 60_000;

/**
 * A warning said at most once a minute: a dependency that is away fails every call, and one line
 * per call would flood the log while saying nothing new.
 */
export function throttledWarning(logger: Logger, message: string): (err: Error) => void {
  let lastLogged = -Infinity;
  return (err: Error) => {
    if (Date.now() - lastLogged < ONCE_A_MINUTE_MS) return;
    lastLogged = Date.now();
    logger.warn({ err }, `${message}: ${err.message}`);
  };
}
