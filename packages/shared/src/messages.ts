/**
 * Every user-facing message of SPEC.md, word for word, defined once.
 * Messages the spec leaves open (marked "brief") come from PRODUCT.md decisions.
 */
export const messages = {
  // Add-film forms (SPEC §5)
  confirmDetails: "Please confirm that you've double-checked the film details.",
  fillAllFields: 'Please fill in all fields.',
  yearNotNumber: 'Year of release must be a number.',
  titleIsLink: 'Title should not be a website link.',
  yearIsLink: 'Release year should not be a website link.',
  descriptionHasLink: 'Description should not contain website links.',
  titleHasAccents: 'Title should not contain accents.',
  descriptionHasAccents: 'Description should not contain accents.',
  filmAlreadyListed: 'This film is already on The Film List.',
  filmCheckFailed: 'Failed to check if the film exists. Please try again.',

  // Login (SPEC §5, §8)
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  loginFailed: 'Login failed. Please try again.',
  loginUnverified:
    'Login failed. Your account is not yet verified. Please check your email for verification instructions.',
  noAccessToken: 'No access token provided.',

  // Sign-up and profile (SPEC §5)
  usernameHasSpaces: 'Username cannot contain spaces',
  emailHasSpaces: 'Email cannot contain spaces',
  usernameTaken: 'Username is already taken',
  emailTaken: 'Email is already taken',
  passwordsDoNotMatch: 'Passwords do not match',
  emailInvalid: 'This is not a valid email address',
  agreementRequired:
    'You need to agree to the Terms & Conditions and Privacy Policy to create your account',

  // Search (SPEC §5)
  searchNoMatch:
    "No film title matches your search query! Double-check you've input the correct title into the search field. Otherwise, consider adding the film to The Film List.",

  // Error catalogue (SPEC §8)
  filmsLoadFailed: 'Failed to fetch films. Please try again later.',
  reviewSubmitFailed: 'Failed to submit your request for review. Please try again.',
  addFilmFailed: 'Failed to add the film. Please try again.',
  rejectFilmFailed: 'Failed to reject the film. Please try again.',
  registrationFailed: 'Registration failed. Please try again.',
  updateFailed: 'Update failed. Please try again.',
  filmNotFound: 'Error: Film details not available.',
  verificationFailed: 'Verification failed. Please contact support for assistance',

  // Success messages (SPEC §8)
  reviewSubmitted:
    'Your request has been submitted for review. You will be notified the result of this review via email.',
  filmAdded: 'The Film has been added to The Film List.',
  filmRejected: 'The Film has been rejected.',
  profileUpdated: 'Profile updated successfully',
  usernameUpdated:
    "Username updated successfully. You'll see the changes on your profile when you log back in again.",
  emailUpdated:
    "Email updated successfully. You'll see the changes on your profile when you log back in again.",
  passwordUpdated: 'Password updated successfully',
  registrationSuccessful: 'Registration was successful!',

  // Brief: rules the spec leaves open (PRODUCT.md §3, §5, §6, §8)
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordTooCommon: 'This password is too common. Please choose a less common one.',
  currentPasswordRequired: 'Please enter your current password to make this change.',
  currentPasswordWrong: 'Your current password is incorrect.',
  usernameTooLong: 'Username must be at most 30 characters',
  usernameInvalid: 'Username may only contain letters, numbers, dots, dashes and underscores',
  emailTooLong: 'Email must be at most 254 characters',
  titleTooLong: 'Title must be at most 200 characters.',
  descriptionTooLong: 'Description must be at most 1000 characters.',
  yearOutOfRange: 'Year of release must be between 1870 and next year.',
  watchLinkInvalid: 'Watch link must be a web address starting with http:// or https://',
  filmAlreadyPending: 'This film has already been submitted and is awaiting review.',
  tooManyPending: 'You already have 20 films awaiting review. Please wait for a decision on them first.',
  submissionNotFound: 'No pending submission matches this film.',
  ratingInvalid: 'Rating must be a whole number from 1 to 10.',
  alreadyMentioned: 'You have already answered this question for this film.',
  alreadyRated: 'You have already rated this film. Use edit to change your rating.',
  notRatedYet: 'You have not rated this film yet.',
  mentionRecorded: 'Your answer has been recorded.',
  ratingRecorded: 'Your rating has been recorded.',
  ratingUpdated: 'Your rating has been updated.',
  notYourAccount: 'You can only act on your own account.',
  authRequired: 'Please log in to continue.',
  sessionExpired: 'Your session has expired. Please log in again.',
  reviewerOnly: 'Only reviewers can do this.',
  userNotFound: 'User not found.',
  invalidRequest: 'The request is not valid.',
  malformedJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'The request body must be JSON.',
  apiNotFound: 'There is no such API endpoint.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  internalError: 'Something went wrong on our side. Please try again.',
  temporaryIdInvalid: 'The temporary user id is not valid.',
  watchClickRecorded: 'Watch click recorded.',
  rejectReasonTooLong: 'The reason must be at most 1000 characters.',
  nothingToUpdate: 'Nothing to update.',
  accountDeleted: 'Your account has been deleted.',
  loggedOut: 'You have been logged out.',
  verificationSucceeded: 'Your email address has been verified. You can now log in.',

  // Review queue (PRODUCT.md §6)
  reviewQueueEmpty: 'Nothing is waiting for review.',
  reviewQueueLoadFailed: 'Failed to load the films awaiting review. Please try again.',

  // Film list and votes (SPEC §4)
  mentionProcessing: 'Your Mention request is being processed...',
  ratingProcessing: 'Your Rating request is being processed...',
  mentionIsFinal: 'Once answered, your answer is final and cannot be edited.',
  filterNoFilms: 'No films to show for this filter.',
} as const;

export type MessageKey = keyof typeof messages;

/** SPEC §8: "{title} URL copied to clipboard!" */
export function urlCopiedMessage(title: string): string {
  return `${title} URL copied to clipboard!`;
}

/** SPEC §4: the mention dialog's question. */
export function mentionQuestion(title: string, site: string): string {
  return `Have you heard of ${title} before visiting ${site}?`;
}

/** SPEC §4: the share pop-up's heading after a rating of 7 or more. */
export function shareHeading(title: string): string {
  return `Share ${title}:`;
}
