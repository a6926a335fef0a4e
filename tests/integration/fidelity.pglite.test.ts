import { describeFidelity } from './fidelity.shared';

describeFidelity('pglite');
