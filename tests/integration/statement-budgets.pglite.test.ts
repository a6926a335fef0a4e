import { describeStatementBudgets } from './statement-budgets.shared';

describeStatementBudgets('pglite');
