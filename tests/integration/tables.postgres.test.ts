import { describeTables } from './tables.shared';

describeTables('postgres');
