import { describeBuiltinBackend } from './builtin-backend.shared';

describeBuiltinBackend('pglite');
