import { describeTables } from './tables.shared';

describeTables('pglite');
