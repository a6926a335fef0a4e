import { describeLimits } from './limits.shared';

describeLimits('pglite');
