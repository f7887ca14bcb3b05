// Ctrl-C for a command that cleans up: the first SIGINT or SIGTERM says what happens now and aborts the
// signal `fn` was given (the command stops, cleans up, reports); a second one leaves at once (exit 130).
export async function interruptible<T>(announce: (sig: NodeJS.Signals) => string, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const interrupt = new AbortController();
  const onSignal = (sig: NodeJS.Signals) => {
    if (interrupt.signal.aborted) process.exit(130);
    process.stderr.write(announce(sig));
    interrupt.abort(sig);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await fn(interrupt.signal);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
