import { describeTracing } from './tracing.shared';

describeTracing('pglite');
