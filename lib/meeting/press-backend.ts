// Where a press comes from: the press hook if one is given, else the operator at the terminal.
import type { OperatorIo } from '../operator/operator-io.js';
import { consoleBackend, hookBackend, type PressBackend } from '../operator/press.js';
import type { DeviceTarget } from './target.js';

/** The press hook if one is given, else the terminal; none without a terminal (never prompt then). */
export function pressBackendFor(cfg: Pick<DeviceTarget, 'pressHook'>, io: OperatorIo): PressBackend | undefined {
  if (cfg.pressHook) return hookBackend(cfg.pressHook, io);
  return io.interactive ? consoleBackend(io) : undefined;
}
