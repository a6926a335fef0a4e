import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { metricsRegistry } from '@/server/observability/metrics';
import { metricsText } from '@/server/observability/scrape';

/**
 * Issue 48: the alert rules and the Grafana dashboard of docs/observability/ are what ops load.
 * Prometheus's own `promtool` (Debian's `prometheus` package, installed by .ci/run) checks the
 * rules and runs their unit tests (each alert fires on its series, not before); every metric the
 * rules and the dashboard name is one the site exports.
 */
const dir = path.join(__dirname, '../../docs/observability');
function promtool(...args: string[]): string {
  try {
    return execFileSync('promtool', args, { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error("promtool not found: install Debian's `prometheus` package (.ci/run does)");
    throw new Error(`promtool ${args.join(' ')} failed:\n${(error as { stdout?: string }).stdout ?? ''}${(error as { stderr?: string }).stderr ?? ''}`);
  }
}

/** The frontpage_* metric families a PromQL text names (a histogram's _bucket, _sum, _count read as the histogram). */
const namesIn = (text: string) => [...new Set([...text.matchAll(/\bfrontpage_[a-z_]+/g)].map((m) => m[0].replace(/_(bucket|sum|count)$/, '')))];

describe('docs/observability', () => {
  it('alerts.yml passes `promtool check rules`, and each alert fires as alerts.test.yml says', () => {
    expect(promtool('check', 'rules', 'alerts.yml')).toContain('SUCCESS: 7 rules found');
    expect(promtool('test', 'rules', 'alerts.test.yml')).toContain('SUCCESS');
  });

  it('has the alerts of the issue: outbox over 5 minutes, a payment failed, webhook lag, 5xx over 1 %, booking p99 over 2 s, housekeeping stalled', () => {
    const rules = fs.readFileSync(path.join(dir, 'alerts.yml'), 'utf8');
    for (const alert of ['FrontpageOutboxBacklogOld', 'FrontpagePaymentFailed', 'FrontpageWebhookLag', 'FrontpageServerErrors', 'FrontpageBookingSlow', 'FrontpageHousekeepingStalled']) expect(rules).toContain(`alert: ${alert}`);
  });

  it('names in the rules and the dashboard only metrics the site exports', async () => {
    await metricsText();
    const exported = new Set((await metricsRegistry().getMetricsAsJSON()).map((m) => m.name));
    const rules = fs.readFileSync(path.join(dir, 'alerts.yml'), 'utf8');
    const dashboard = JSON.parse(fs.readFileSync(path.join(dir, 'grafana-dashboard.json'), 'utf8')) as { __inputs: unknown[]; panels: { type: string; targets?: { expr: string }[] }[] };
    const exprs = dashboard.panels.flatMap((p) => p.targets ?? []).map((t) => t.expr);
    expect(dashboard.__inputs).toHaveLength(1);
    expect(exprs.length).toBeGreaterThan(15);
    const named = namesIn([rules, ...exprs].join('\n'));
    expect(named.length).toBeGreaterThan(15);
    expect(named.filter((name) => !exported.has(name))).toEqual([]);
  });
});
