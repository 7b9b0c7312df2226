// The photos functions on AWS (the intake one with sharp and the face model, memory, timeout, settings), their
// least-privilege access to the media bucket, and the bucket itself (private, CORS for the web origin only,
// photos deleted after PHOTO_RETENTION_DAYS), with the site's CSP naming the bucket.
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_CONFIG, readConfig } from '#platform/config.ts';
import { PHOTO_RETENTION_DAYS } from '#shared/photo-rules.ts';
import type { AivatarStack } from '../../infra/aivatar-stack.ts';
import { groupFunctionProps } from '../../infra/group-needs.ts';
import { at, deployed, type Json, props, type Resource } from './cfn-template.ts';
import { functionId, removeTempDirs, type Synth, synth } from './synth.ts';

// The bundle itself (sharp, the face model) is checked in bundles.test.ts.
let s: Synth;
let stack: AivatarStack;
let resources: Record<string, Resource>;
beforeAll(() => {
  s = synth('dev', false);
  stack = s.stack;
  resources = s.resources;
});
afterAll(removeTempDirs);

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const mediaBucket = (): [string, Resource] =>
  ofType('AWS::S3::Bucket').find(([, b]) =>
    JSON.stringify(props(b).BucketName ?? '').includes('-media-'),
  ) as [string, Resource];

const fnProps = (group: 'photos' | 'photo-intake') => props(resources[functionId(s, group)] as Resource);

describe('the photos functions', () => {
  it('take photos in with 2 GiB, 15 s and instances of their own; list and show them on a small function', () => {
    const intake = fnProps('photo-intake');
    expect(intake.MemorySize).toBe(2048);
    expect(intake.Timeout).toBe(15);
    expect(intake.ReservedConcurrentExecutions).toBe(10);
    const light = fnProps('photos');
    expect(light.MemorySize).toBeLessThan(2048);
    expect(light.ReservedConcurrentExecutions).toBeGreaterThan(0);
    // Only the intake function gets the face model and sharp (tests/infra/bundles.test.ts reads its bundle).
    expect(groupFunctionProps('photo-intake', 'dev', {})).toMatchObject({
      faceAnalysis: true,
      installedModules: ['sharp'],
    });
    const listing = groupFunctionProps('photos', 'dev', {});
    expect(listing.faceAnalysis).toBeUndefined();
    expect(listing.installedModules).toBeUndefined();
  });

  it.each(['photos', 'photo-intake'] as const)(
    '%s runs with exactly the settings its config reads: table, session key, media bucket',
    (group) => {
      const vars = at(fnProps(group), 'Environment', 'Variables') as Json;
      expect(vars.MEDIA_BUCKET).toEqual({ Ref: mediaBucket()[0] });
      expect(vars.MAIL_FROM).toBeUndefined();
      const env = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, deployed(v)]));
      expect(readConfig(GROUP_CONFIG[group], env)).toMatchObject({ mediaBucket: env.MEDIA_BUCKET });
    },
  );

  it.each(['photos', 'photo-intake'] as const)(
    '%s may get, put and delete objects under uploads/, photos/ and thumbs/ only, and send no mail',
    (group) => {
      const fn = fnProps(group);
      const roleId = at(fn, 'Role', 'Fn::GetAtt', 0) as string;
      const statements = ofType('AWS::IAM::Policy')
        .filter(([, p]) => (props(p).Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
        .flatMap(([, p]) => at(props(p), 'PolicyDocument', 'Statement') as Json[]);
      const actions = statements.flatMap((st) => [st.Action].flat() as string[]);
      const s3 = statements.filter((st) => ([st.Action].flat() as string[]).some((a) => a.startsWith('s3:')));
      expect(s3).toHaveLength(1);
      expect([s3[0]?.Action].flat().sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
      const bucketId = mediaBucket()[0];
      expect(((s3[0] as Json).Resource as Json[]).map(deployed).sort()).toEqual(
        ['photos/*', 'thumbs/*', 'uploads/*'].map((p) => `${bucketId.toLowerCase()}-arn.aws.test/${p}`),
      );
      expect(actions.filter((a) => a.startsWith('ses:'))).toEqual([]);
      expect(actions.filter((a) => a === '*' || a.endsWith(':*') || a === 's3:ListBucket')).toEqual([]);
    },
  );
});

describe('the media bucket', () => {
  it('is private, encrypted and TLS-only', () => {
    const [id, bucket] = mediaBucket();
    expect(props(bucket).PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(
      at(
        props(bucket),
        'BucketEncryption',
        'ServerSideEncryptionConfiguration',
        0,
        'ServerSideEncryptionByDefault',
      ),
    ).toEqual({ SSEAlgorithm: 'AES256' });
    const [, policy] = ofType('AWS::S3::BucketPolicy').find(
      ([, p]) => at(props(p), 'Bucket', 'Ref') === id,
    ) as [string, Resource];
    const statements = at(props(policy), 'PolicyDocument', 'Statement') as Json[];
    const tls = statements.find((st) => st.Effect === 'Deny' && st.Action === 's3:*') as Json;
    expect(at(tls, 'Condition', 'Bool', 'aws:SecureTransport')).toBe('false');
  });

  it('lets only the web app’s origin upload (POST) and read (GET) from a browser', () => {
    const rules = at(props(mediaBucket()[1]), 'CorsConfiguration', 'CorsRules') as Json[];
    expect(rules).toHaveLength(1);
    const rule = rules[0] as Json;
    const webUrl = (Template.fromStack(stack).toJSON() as { Outputs: Record<string, { Value: unknown }> })
      .Outputs.WebUrl?.Value;
    expect((rule.AllowedOrigins as unknown[]).map(deployed)).toEqual([deployed(webUrl)]);
    expect([...(rule.AllowedMethods as string[])].sort()).toEqual(['GET', 'POST']);
  });

  it('deletes photos and thumbnails after the retention period, unconfirmed uploads after a day, exports after a week', () => {
    const rules = at(props(mediaBucket()[1]), 'LifecycleConfiguration', 'Rules') as Json[];
    const byPrefix = Object.fromEntries(
      rules.filter((r) => r.Prefix).map((r) => [r.Prefix as string, r.ExpirationInDays]),
    );
    expect(byPrefix).toEqual({
      'uploads/': 1,
      'photos/': PHOTO_RETENTION_DAYS,
      'thumbs/': PHOTO_RETENTION_DAYS,
      // "download all" ZIPs: their links last minutes; avatars themselves (results/) are kept
      'archives/': 1,
      // Data exports (docs/operations.md, Privacy) are kept a week.
      'exports/': 7,
    });
    for (const r of rules) expect(r.Status).toBe('Enabled');
    expect(rules.some((r) => at(r, 'AbortIncompleteMultipartUpload', 'DaysAfterInitiation') === 1)).toBe(
      true,
    );
  });

  it('is named in the site’s CSP for uploads (connect-src) and images (img-src)', () => {
    const [, policy] = ofType('AWS::CloudFront::ResponseHeadersPolicy')[0] as [string, Resource];
    const csp = deployed(
      at(
        props(policy),
        'ResponseHeadersPolicyConfig',
        'SecurityHeadersConfig',
        'ContentSecurityPolicy',
        'ContentSecurityPolicy',
      ),
    ) as string;
    const origin =
      'https://aivatar-dev-media-ref-awsaccountid-ref-awsregion.s3.ref-awsregion.ref-awsurlsuffix';
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${origin.replace(/[.*]/g, '\\$&')}`));
    expect(csp).toMatch(new RegExp(`img-src [^;]*${origin.replace(/[.*]/g, '\\$&')}`));
    expect(deployed(props(mediaBucket()[1]).BucketName)).toBe(
      'aivatar-dev-media-ref-awsaccountid-ref-awsregion',
    );
  });
});
