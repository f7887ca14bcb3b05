// Errors with stable codes (error-codes.ts lists them). A harness error means the run could not happen as
// asked (exit 2) or a check could not run (outcome `error`); a device's nonconformity is never an exception here.
import type { ErrorCode, RunErrorCode, TransportErrorCode } from '../spec/error-codes.js';

export class EnergyConformError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
  }
}

/** What a request is to: the side and the endpoint. */
export interface RequestTo {
  side: 'v1' | 'v2';
  method: string;
  path: string;
}

/** The device could not be talked to: refused, reset, timed out, TLS failed, body too large. */
export class TransportError extends EnergyConformError {
  declare readonly code: TransportErrorCode;
  /** The request that failed, where the device client made it. */
  request?: RequestTo;
  constructor(code: TransportErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}

export function isTransportError(e: unknown): e is TransportError {
  return e instanceof Error && 'code' in e && typeof e.code === 'string' && e.code.startsWith('EC_TRANSPORT_');
}

/** The answer, or the transport failure as a value (for a read that judges it); any other error is thrown. */
export function answerOrFailure<T>(p: Promise<T>): Promise<T | TransportError> {
  return p.catch((err: unknown) => {
    if (isTransportError(err)) return err;
    throw err;
  });
}

/** The run could not happen as asked (exit 2): bad options, device unreachable, no token. */
export class RunError extends EnergyConformError {
  constructor(code: RunErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}

export class PairingTimeoutError extends RunError {
  constructor(seconds: number) {
    super('EC_PAIRING_TIMEOUT', `no button press was seen within ${seconds} s; press the button sooner, check the press hook, or raise --press-timeout`);
  }
}
