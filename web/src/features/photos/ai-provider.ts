// Who processes the photos (spec sections 1 and 2: the consent links to the provider's policy). The
// generation worker sends them to this provider's image API.
export const AI_PROVIDER = {
  name: 'OpenAI',
  privacyPolicyUrl: 'https://openai.com/policies/privacy-policy/',
} as const;
