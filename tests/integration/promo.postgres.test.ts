import { describePromo } from './promo.shared';

describePromo('postgres');
