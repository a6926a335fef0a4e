import { describeTracing } from './tracing.shared';

describeTracing('postgres');
