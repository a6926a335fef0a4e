import { describePromo } from './promo.shared';

describePromo('pglite');
