import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The production dependencies carry no high or critical advisory, unless docs/security.md's "Security
 * notes" lists it with the reason it does not apply or cannot be fixed yet.
 */

const root = fileURLToPath(new URL('../../../../', import.meta.url));

type Advisory = {
  source: number;
  name: string;
  title: string;
  url: string;
  severity: string;
  range: string;
};
type AuditReport = {
  vulnerabilities?: Record<string, { name: string; severity: string; via: (string | Advisory)[] }>;
  error?: { code?: string | null; summary?: string; detail?: string };
  message?: string;
  statusCode?: number;
  code?: string;
};

/** The "Security notes" section of a README: from its heading to the next one. */
function securityNotes(readme: string): string {
  const start = readme.indexOf('\n## Security notes');
  if (start < 0) return '';
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** An advisory's id as GitHub names it (GHSA-…), or npm's number when it has no such address. */
const advisoryId = (advisory: Advisory) =>
  /GHSA(-[a-z0-9]{4}){3}/.exec(advisory.url)?.[0] ?? `npm-${advisory.source}`;

/**
 * High and critical advisories the notes do not list. A listing is a bullet naming the id and,
 * after a colon, why it is accepted.
 */
function unlistedAdvisories(report: AuditReport, notes: string): string[] {
  const listed = new Set(
    notes
      .split('\n')
      .map((line) => /^\s*- .*?\b((?:GHSA(?:-[a-z0-9]{4}){3})|npm-\d+)\b.*?:\s*(.+)$/.exec(line))
      .filter((match) => match && match[2]!.trim().split(/\s+/).length >= 3)
      .map((match) => match![1]!),
  );
  const found = new Map<string, Advisory>();
  for (const vulnerability of Object.values(report.vulnerabilities ?? {})) {
    for (const via of vulnerability.via) {
      if (typeof via === 'string') continue; // reached through another package, listed there
      if (via.severity === 'high' || via.severity === 'critical') found.set(advisoryId(via), via);
    }
  }
  return [...found]
    .filter(([id]) => !listed.has(id))
    .map(([id, a]) => `${id} ${a.severity} in ${a.name} ${a.range}: ${a.title}`)
    .sort();
}

function runAudit(): Promise<AuditReport> {
  return new Promise((resolve, reject) => {
    execFile(
      'npm',
      ['audit', '--omit=dev', '--json'],
      { cwd: root, timeout: 60_000, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout) => {
        // npm audit exits 1 when it finds something: the report is on stdout all the same.
        try {
          resolve(JSON.parse(stdout) as AuditReport);
        } catch {
          reject(error ?? new Error(`npm audit printed no report: ${stdout.slice(0, 200)}`));
        }
      },
    );
  });
}

const advisory = (id: string, severity: string, name = 'left-pad'): Advisory => ({
  source: 1,
  name,
  title: `Trouble in ${name}`,
  url: `https://github.com/advisories/${id}`,
  severity,
  range: '<1.0.1',
});

describe('dependency advisories', () => {
  it('are judged by severity and by what the security notes list, with a reason', () => {
    const report: AuditReport = {
      vulnerabilities: {
        'left-pad': {
          name: 'left-pad',
          severity: 'critical',
          via: [advisory('GHSA-aaaa-bbbb-cccc', 'critical')],
        },
        'right-pad': {
          name: 'right-pad',
          severity: 'high',
          via: ['left-pad', advisory('GHSA-cccc-dddd-ffff', 'high', 'right-pad')],
        },
        'mid-pad': {
          name: 'mid-pad',
          severity: 'moderate',
          via: [advisory('GHSA-gggg-hhhh-jjjj', 'moderate', 'mid-pad')],
        },
        'top-pad': {
          name: 'top-pad',
          severity: 'high',
          via: [advisory('GHSA-mmmm-pppp-qqqq', 'high', 'top-pad')],
        },
      },
    };
    const notes = [
      '## Security notes',
      '- GHSA-aaaa-bbbb-cccc (left-pad): only reached by the build, never at run time.',
      '- GHSA-mmmm-pppp-qqqq (top-pad)',
      '- Passwords are hashed.',
    ].join('\n');
    expect(unlistedAdvisories(report, notes)).toEqual([
      'GHSA-cccc-dddd-ffff high in right-pad <1.0.1: Trouble in right-pad',
      'GHSA-mmmm-pppp-qqqq high in top-pad <1.0.1: Trouble in top-pad',
    ]);
    expect(unlistedAdvisories({ vulnerabilities: {} }, '')).toEqual([]);
  });

  it('docs/security.md has security notes, and each advisory it accepts says why', () => {
    const notes = securityNotes(fs.readFileSync(`${root}docs/security.md`, 'utf8'));
    expect(notes).toContain('## Security notes');
    for (const line of notes.split('\n').filter((l) => /GHSA-|npm-\d/.test(l))) {
      expect(line).toMatch(/:\s*\S+(\s+\S+){2,}/);
    }
  });

  it('npm audit finds no high or critical advisory in production dependencies that is not accepted', async () => {
    const report = await runAudit();
    const notes = securityNotes(fs.readFileSync(`${root}docs/security.md`, 'utf8'));
    if (!report.vulnerabilities) {
      // The registry this machine reaches may refuse the advisory service (a mirror that only
      // serves packages). That is the only failure accepted, and it is said out loud.
      const reason = JSON.stringify(report).slice(0, 300);
      expect(report.statusCode ?? report.code ?? report.error?.code, reason).toBeTruthy();
      expect(report.vulnerabilities, reason).toBeUndefined();
      console.warn(`npm audit could not reach the advisory service: ${reason}`);
      return;
    }
    expect(unlistedAdvisories(report, notes)).toEqual([]);
  }, 90_000);
});
