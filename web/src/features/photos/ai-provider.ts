// Who processes the photos (the consent links to the provider's policy). The
// generation worker sends them to this provider's image API.
export const AI_PROVIDER = {
  name: 'OpenAI',
  privacyPolicyUrl: 'https://openai.com/policies/privacy-policy/',
} as const;
