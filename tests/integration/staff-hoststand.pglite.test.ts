import { describeHostStand } from './staff-hoststand.shared';

describeHostStand('pglite');
