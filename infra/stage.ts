// The stages an operator deploys (`cdk deploy -c stage=dev|prod`, docs/operations.md).
export type Stage = 'dev' | 'prod';
export const STAGES: readonly Stage[] = ['dev', 'prod'];
