import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import boundaries from './boundaries.js';
import { cycleThrough } from './import-graph.js';

// RuleTester calls describe/it itself; vitest provides them.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it;

const root = path.resolve(import.meta.dirname, '..');
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
const at = (file: string) => path.join(root, file);

tester.run('feature-boundaries', boundaries.rules['feature-boundaries'], {
  valid: [
    { filename: at('apps/web/src/features/donations/components/x.tsx'), code: "import { t } from '../api/donations-api';" },
    { filename: at('apps/web/src/features/donations/components/x.tsx'), code: "import { api } from '../../../lib/api-client';" },
    { filename: at('apps/server/src/modules/requests/x.ts'), code: "import { findDonation } from '../donations/donations-repository';" },
    { filename: at('apps/server/src/modules/donations/x.ts'), code: "import { findDonation } from './donations-repository';" },
    { filename: at('apps/server/src/modules/ratings/x.test.ts'), code: "import { insertUser } from '../auth/users-repository';" },
  ],
  invalid: [
    {
      filename: at('apps/web/src/features/donations/components/x.tsx'),
      code: "import { something } from '../../requests/api/requests-api';",
      errors: [{ message: /Feature "donations" must not import feature "requests"/ }],
    },
    {
      filename: at('apps/web/src/components/x.tsx'),
      code: "import { something } from '../features/requests/api/requests-api';",
      errors: [{ message: /components\/ is shared code and must not import a feature/ }],
    },
    {
      filename: at('apps/server/src/modules/ratings/x.ts'),
      code: "import { insertUser } from '../auth/users-repository';",
      errors: [{ message: /Module "ratings" must not import another module's repository/ }],
    },
  ],
});

describe('import cycles', () => {
  it('finds a chain of runtime imports back to the file, and ignores type-only imports', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cycles-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = b;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import {\n  c,\n} from './c';\nexport const b = c;\n");
      fs.writeFileSync(path.join(dir, 'c.ts'), "import { a } from './a';\nexport const c = 1;\n");
      fs.writeFileSync(path.join(dir, 'd.ts'), "import type { E } from './e';\nexport type D = E;\n");
      fs.writeFileSync(path.join(dir, 'e.ts'), "import { d } from './d';\nexport type E = string;\n");
      expect(cycleThrough(path.join(dir, 'a.ts'), dir)?.map((file) => path.basename(file))).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
      expect(cycleThrough(path.join(dir, 'e.ts'), dir)).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
