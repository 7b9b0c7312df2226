// What the sign-in screens say, written out here (not read from the locale files) so that a changed or
// missing string fails the tests. English: the product's own words, word for word.
export const copy = {
  en: {
    prefix: '',
    accountHeading: 'Account',
    navAccount: 'Account',
    createHeading: 'Create Your Avatar',
    navMain: 'Main',
    email: 'Email',
    password: 'Password',
    logIn: 'Log in',
    sendLink: 'Send me a login link',
    signUpAction: 'Sign up',
    resendActivation: 'Send new activation link',
    goToLogin: 'Go to login page',
    requestActivation: 'Request activation email',
    loginSuccess: 'Login successful! Redirecting to the application...',
    noAccount: 'No account found with this email. Would you like to create an account?',
    wrongPassword: 'Incorrect password. Please try again or use the login link option below.',
    notActivated:
      'Your account is not activated. Please check your email for the activation link or request a new one.',
    loginServerError:
      'Server error occurred. Please try again later or contact support if the problem persists.',
    linkNoAccount: 'No account found with this email. Would you like to create an account?',
    linkEmptyEmail: 'Please enter your email address to receive a login link.',
    linkSent: (email: string) =>
      `A login link has been sent to ${email}. Please check your inbox and spam folder.`,
    activationSent: (email: string) =>
      `A new activation link has been sent to ${email}. Please check your inbox and spam folder.`,
    passwordNotSet:
      'This account has no password yet. Use "Send me a login link" to log in by email; you can then set a password on your account page.',
    loginGeneric: 'An error occurred while logging in. Please try again.',
    linkGeneric: 'Failed to send login link. Please try again or contact support.',
    signupGeneric: 'An error occurred while creating your account. Please try again.',
    tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
    signupSuccess: 'Account created! Please check your email for an activation link.',
    signupTaken:
      'This email is already registered. Try logging in instead, or reset your password if needed.',
    signupInvalidEmail: 'Please provide a valid email address.',
    activationSubject: 'Activate your Aivatar account',
    loginLinkSubject: 'Your Aivatar login link',
    homeHeading: 'Turn a few selfies into avatars and headshots in 25+ styles',
  },
  fr: {
    prefix: '/fr',
    accountHeading: 'Mon compte',
    navAccount: 'Compte',
    createHeading: 'Créez votre avatar',
    navMain: 'Principale',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    logIn: 'Se connecter',
    sendLink: 'Recevoir un lien de connexion',
    signUpAction: 'Créer un compte',
    resendActivation: "Renvoyer le lien d'activation",
    goToLogin: 'Aller à la page de connexion',
    requestActivation: "Recevoir l'e-mail d'activation",
    loginSuccess: "Connexion réussie ! Redirection vers l'application...",
    noAccount: "Aucun compte n'est associé à cette adresse e-mail. Voulez-vous en créer un ?",
    wrongPassword: 'Mot de passe incorrect. Réessayez ou utilisez le lien de connexion ci-dessous.',
    notActivated:
      "Votre compte n'est pas encore activé. Ouvrez le lien d'activation reçu par e-mail ou demandez-en un nouveau.",
    loginServerError:
      'Une erreur est survenue sur le serveur. Réessayez plus tard ou contactez le support si le problème persiste.',
    linkNoAccount: "Aucun compte n'est associé à cette adresse e-mail. Voulez-vous en créer un ?",
    linkEmptyEmail: 'Saisissez votre adresse e-mail pour recevoir un lien de connexion.',
    linkSent: (email: string) =>
      `Un lien de connexion a été envoyé à ${email}. Pensez à vérifier vos courriers indésirables.`,
    activationSent: (email: string) =>
      `Un nouveau lien d'activation a été envoyé à ${email}. Pensez à vérifier vos courriers indésirables.`,
    passwordNotSet:
      "Ce compte n'a pas encore de mot de passe. Utilisez « Recevoir un lien de connexion » pour vous connecter par e-mail ; vous pourrez ensuite définir un mot de passe depuis votre compte.",
    loginGeneric: 'Une erreur est survenue pendant la connexion. Veuillez réessayer.',
    linkGeneric: "Impossible d'envoyer le lien de connexion. Réessayez ou contactez le support.",
    signupGeneric: 'Une erreur est survenue lors de la création de votre compte. Veuillez réessayer.',
    tooManyAttempts: 'Trop de tentatives. Patientez quelques minutes avant de réessayer.',
    signupSuccess:
      "Votre compte est créé ! Ouvrez le lien d'activation que nous venons de vous envoyer par e-mail.",
    signupTaken:
      'Cette adresse e-mail est déjà utilisée. Essayez plutôt de vous connecter, ou réinitialisez votre mot de passe si besoin.',
    signupInvalidEmail: 'Veuillez saisir une adresse e-mail valide.',
    activationSubject: 'Activez votre compte Aivatar',
    loginLinkSubject: 'Votre lien de connexion Aivatar',
    homeHeading: 'Quelques selfies suffisent pour des avatars et des portraits dans plus de 25 styles',
  },
} as const;

export const LANGS = ['en', 'fr'] as const;
