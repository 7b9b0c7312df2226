// infra/constructs/api-edge.ts, synthesized on its own: every behaviour of the API's distribution runs the
// viewer-request function that puts the viewer's address in x-viewer-address, overwriting whatever the
// client sent, and passes it to API Gateway with the other viewer headers. The functions count their
// per-address limits by it (functions/platform/http/client-address.ts; tests/handlers/middleware/client-address.test.ts).
import { runInNewContext } from 'node:vm';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { beforeAll, describe, expect, it } from 'vitest';
import { VIEWER_ADDRESS_HEADER } from '#platform/http/client-address.ts';
import { ApiEdge } from '../../infra/constructs/api-edge.ts';
import { at, type Json, props, type Resource } from './cfn-template.ts';

let resources: Record<string, Resource>;
beforeAll(() => {
  const stack = new Stack(new App(), 'ApiEdgeOnly', {
    env: { account: '123456789012', region: 'eu-west-1' },
  });
  new ApiEdge(stack, 'ApiEdge', {
    stage: 'dev',
    apiEndpoint: 'https://abc123defg.execute-api.eu-west-1.amazonaws.com',
    webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/aivatar-dev-api/0000',
  });
  resources = (Template.fromStack(stack).toJSON() as { Resources: Record<string, Resource> }).Resources;
});

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

interface CfRequest {
  method: string;
  uri: string;
  querystring: Json;
  headers: Record<string, { value: string; multiValue?: { value: string }[] }>;
  cookies: Json;
}

/** The function's inline code, run as CloudFront runs it: `handler(event)` answers the request to forward. */
function viewerRequest(): (event: unknown) => CfRequest {
  const [[, fn] = []] = ofType('AWS::CloudFront::Function');
  return runInNewContext(`${props(fn as Resource).FunctionCode}; handler`) as (event: unknown) => CfRequest;
}

const event = (ip: string, headers: CfRequest['headers']) => ({
  version: '1.0',
  context: { eventType: 'viewer-request', distributionId: 'E2EXAMPLE', requestId: 'r-1' },
  viewer: { ip },
  request: { method: 'POST', uri: '/login', querystring: {}, headers, cookies: {} },
});

describe('the API distribution', () => {
  it('runs one viewer-request function (CloudFront’s JavaScript 2.0 runtime) on every behaviour', () => {
    const functions = ofType('AWS::CloudFront::Function');
    expect(functions).toHaveLength(1);
    const [[fnId, fn]] = functions as [[string, Resource]];
    expect(at(props(fn), 'FunctionConfig', 'Runtime')).toBe('cloudfront-js-2.0');
    expect(props(fn).AutoPublish).toBe(true);
    const [[, distribution]] = ofType('AWS::CloudFront::Distribution') as [[string, Resource]];
    const config = props(distribution).DistributionConfig as Json;
    const behaviours = [
      config.DefaultCacheBehavior,
      ...((config.CacheBehaviors as unknown[]) ?? []),
    ] as Json[];
    for (const b of behaviours) {
      expect(b.FunctionAssociations, String(b.PathPattern ?? 'default')).toEqual([
        { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [fnId, 'FunctionARN'] } },
      ]);
      // Every viewer header but Host reaches API Gateway; a header the function sets counts as one.
      expect(b.OriginRequestPolicyId).toBe(
        OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      );
    }
  });

  it('sets x-viewer-address to the viewer’s address, overwriting one the client sent, and leaves the rest', () => {
    // CloudFront Functions see and set header names in lower case only.
    expect(VIEWER_ADDRESS_HEADER).toBe(VIEWER_ADDRESS_HEADER.toLowerCase());
    const handler = viewerRequest();
    const plain = handler(event('203.0.113.7', { 'content-type': { value: 'application/json' } }));
    expect(plain).toMatchObject({ method: 'POST', uri: '/login' });
    expect(plain.headers).toEqual({
      'content-type': { value: 'application/json' },
      [VIEWER_ADDRESS_HEADER]: { value: '203.0.113.7' },
    });
    const spoofed = handler(
      event('2001:db8::7', {
        [VIEWER_ADDRESS_HEADER]: {
          value: '10.0.0.1',
          multiValue: [{ value: '10.0.0.1' }, { value: '10.0.0.2' }],
        },
      }),
    );
    expect(spoofed.headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: '2001:db8::7' });
  });
});
