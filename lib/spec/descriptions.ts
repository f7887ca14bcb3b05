// The machine-readable descriptions shipped under schemas/ (`npm run schema` writes them), each as the generator
// made it: what descriptions.spec.ts holds the files to.
import { asyncApi } from './asyncapi.js';
import { openApiV1, openApiV2 } from './openapi.js';

export const DESCRIPTIONS: Readonly<Record<string, () => Record<string, unknown>>> = {
  'openapi-v1.json': openApiV1,
  'openapi-v2.json': openApiV2,
  'asyncapi.json': asyncApi,
};

export const descriptionText = (file: string): string => `${JSON.stringify(DESCRIPTIONS[file]!(), null, 2)}\n`;
