import { describeFidelity } from './fidelity.shared';

describeFidelity('postgres');
