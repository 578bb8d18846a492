import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { matrixDocument } from '../test/authz/table';

// Renders docs/authorisation-matrix.md from test/authz/expectations.ts; the matrix test checks it is current.
writeFileSync(path.resolve(import.meta.dirname, '../docs/authorisation-matrix.md'), matrixDocument());
