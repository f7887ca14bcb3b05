// Every error code energy-conform gives, in one table: what it ends, and what a person can do about it.
// `run`: the run could not happen as asked (exit 2, docs/design.md "Result model"). `check`: the check that
// met it is `error` (a MUST's fails the run, exit 1). A device's nonconformity is never an error code:
// it is a failed clause (EC_CLAUSE_VIOLATED marks the assertion that says so).
export const ERROR_CODES = {
  EC_NOT_BUILT: { ends: 'run', hint: 'a checkout of the sources is built by `npm ci` or `npm run build`; an installed package ships its build' },
  EC_BAD_OPTION: { ends: 'run', hint: 'correct the flag; `energy-conform <command> --help` lists them' },
  EC_NO_HOST: { ends: 'run', hint: "give the device's address with --host, or run without it to discover devices" },
  EC_NO_DEVICE: { ends: 'run', hint: 'no device answered over mDNS: check the network and --interface, or give --host' },
  EC_SEVERAL_DEVICES: { ends: 'run', hint: 'pick one with --serial, run every one with --all, or run on a terminal to choose' },
  EC_DISCOVERY_FAILED: { ends: 'run', hint: 'mDNS could not be used on that interface: check --interface, or give --host' },
  EC_DEVICE_UNREACHABLE: { ends: 'run', hint: 'check the address and ports (--host, --http-port, --https-port) and that the device is on' },
  EC_KIND_UNKNOWN: { ends: 'run', hint: 'give the kind with --kind' },
  EC_NOT_A_DEVICE: { ends: 'run', hint: 'what answers there is not an energy device API: check --host and the ports' },
  EC_KIND_MISMATCH: { ends: 'run', hint: 'give the kind the device says it is, or leave --kind out; --force-kind tests it as given all the same' },
  EC_SERIAL_UNKNOWN: { ends: 'run', hint: 'give the serial with --serial' },
  EC_NO_V2: { ends: 'run', hint: 'pairing needs the HTTPS (v2) endpoint: check --https-port' },
  EC_TLS_UNTRUSTED: { ends: 'run', hint: 'give the CA that issued the certificate with --ca, or use --insecure' },
  EC_TOKEN_REFUSED: { ends: 'run', hint: 'give a valid token, or omit it and pair' },
  EC_NO_TOKEN_SOURCE: { ends: 'run', hint: 'give --token, a stored token, --press-hook, or run on a terminal' },
  EC_PAIRING_TIMEOUT: { ends: 'run', hint: 'press the button sooner, check the press hook, or raise --press-timeout' },
  EC_PAIRING_REFUSED: { ends: 'run', hint: 'the device answered the pairing request with something else than a token: see the exchange' },
  EC_PRESS_HOOK_FAILED: { ends: 'run', hint: 'run the press hook by hand and correct it' },
  EC_PRESS_HOOK_TIMEOUT: { ends: 'run', hint: 'the press hook must end within --press-timeout' },
  EC_CONFIRMATION_NEEDED: { ends: 'run', hint: 'without a terminal, add --yes to confirm' },
  EC_INTERRUPTED: { ends: 'run', hint: 'run again when the device can be tested to the end' },
  EC_SECRET_IN_REPORT: { ends: 'run', hint: 'a token reached a report: delete those files and report the bug' },
  EC_TRANSPORT_TIMEOUT: { ends: 'check', hint: 'the device did not answer in time; raise --request-timeout for a slow device' },
  EC_TRANSPORT_REFUSED: { ends: 'check', hint: 'nothing listens on that port (any more): is the device rebooting?' },
  EC_TRANSPORT_RESET: { ends: 'check', hint: 'the device dropped the connection: a reboot, a crash or the network' },
  EC_TRANSPORT_TLS: { ends: 'check', hint: 'the TLS handshake failed: see TLS-01' },
  EC_TRANSPORT_TOO_LARGE: { ends: 'check', hint: 'the device sent more than 1 MiB' },
  EC_TRANSPORT_NO_PORT: { ends: 'check', hint: 'the device has no port for that API version' },
  EC_TRANSPORT_FAILED: { ends: 'check', hint: 'the exchange failed: see the message' },
  EC_PRECONDITION: { ends: 'check', hint: 'the check could not bring the device into the state it starts from: see the exchanges' },
  EC_NO_PRESS: { ends: 'check', hint: 'the check needs a button press: give --press-hook, or run on a terminal' },
  EC_PRESS_FAILED: { ends: 'check', hint: 'the press backend failed: see the message' },
  EC_PRESS_TIMEOUT: { ends: 'check', hint: 'no press was seen in time: raise --press-timeout' },
  EC_ENDPOINT_GIVEN_UP: {
    ends: 'check',
    hint: 'the check is skipped: that endpoint gave no usable answer earlier in the run (see the clause that governs it)',
  },
  EC_CLAUSE_VIOLATED: { ends: 'check', hint: 'the device does not do what the clause says: a failure, not an error' },
} as const satisfies Record<`EC_${string}`, { ends: 'run' | 'check'; hint: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
/** The codes that end a run: RunError takes only these. */
export type RunErrorCode = { [K in ErrorCode]: (typeof ERROR_CODES)[K]['ends'] extends 'run' ? K : never }[ErrorCode];
export type TransportErrorCode = Extract<ErrorCode, `EC_TRANSPORT_${string}`>;
