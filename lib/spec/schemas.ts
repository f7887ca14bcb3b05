// zod schemas of the specification's resources and error bodies. They accept extra keys: real
// devices add fields, and the suite judges only what a clause names.
import { z } from 'zod';

export const FIRMWARE_VERSION = /^\d+\.\d{2}(\d{2})?$/;
export const TOKEN = /^[A-F0-9]{32}$/;
export const USER_NAME = /^local\/[a-zA-Z0-9\-_/\\# ]{1,40}$/;

/** GET /api (INFO-01): five strings. Their forms are INFO-02's and INFO-03's to judge; v1 devices answer api_version "v1". */
export const deviceInfo = z.looseObject({
  product_name: z.string(),
  product_type: z.string(),
  serial: z.string(),
  firmware_version: z.string(),
  api_version: z.string(),
});

/** Response of POST /api/user. The token's form is PAIR-04's to judge, not the schema's. */
export const createdUser = z.looseObject({ name: z.string(), token: z.string() });

const userEntry = z.looseObject({ name: z.string(), current: z.boolean().optional() });
export const userList = z.array(userEntry);

/** One field of an answer, where it has its type: the token or name of a creation, the error of a refusal. */
export const tokenField = z.looseObject({ token: z.string() });
export const nameField = z.looseObject({ name: z.string() });
export const errorField = z.looseObject({ error: z.unknown() });

/** A socket state as read, before SOCK-01 judges its range: booleans, and a number for brightness. */
export const socketReading = z.looseObject({ power_on: z.boolean(), switch_lock: z.boolean(), brightness: z.number() });

/** Any JSON array whose items are objects (the user list before LIST-01 judges their fields). */
export const objectList = z.array(z.record(z.string(), z.unknown()));

/** SOCK-01: the reading, its brightness from 0 to 255. */
export const socketState = socketReading.extend({ brightness: z.number().min(0).max(255) });

/** A state PUT's answer: any subset of the state's fields. */
export const socketStatePartial = socketState.partial();

export const systemState = z.looseObject({ cloud_enabled: z.boolean() });

/** v2 error body of the specification's Errors section. */
export const errorV2 = z.looseObject({ error: z.string() });
