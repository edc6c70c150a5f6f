/**
 * Every user-facing message, word for word, defined once; docs/product.md
 * names them by their key here. Keep the wording: users, and the product's
 * rules, know them in these words.
 */
import { PASSWORD_MIN, USERNAME_MAX } from './constants.js';
export const messages = {
  // Add-film forms (docs/product.md §Add-film rules)
  confirmDetails: "Please confirm that you've double-checked the film details.",
  fillAllFields: 'Please fill in all fields.',
  yearNotNumber: 'Year of release must be a number.',
  titleIsLink: 'Title should not be a website link.',
  yearIsLink: 'Release year should not be a website link.',
  descriptionHasLink: 'Description should not contain website links.',
  titleHasAccents: 'Title should not contain accents.',
  descriptionHasAccents: 'Description should not contain accents.',
  titleHasInvisible: 'Title should not contain invisible characters.',
  descriptionHasInvisible: 'Description should not contain invisible characters.',
  titleMixesAlphabets: 'Title should not mix letters of different alphabets in one word.',
  filmAlreadyListed: 'This film is already on The Film List.',
  filmCheckFailed: 'Failed to check if the film exists. Please try again.',

  // Login (§Login)
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  loginFailed: 'Login failed. Please try again.',
  loginUnverified: 'Login failed. Your account is not yet verified. Please check your email for verification instructions.',

  // Sign-up and profile (§Sign-up and verification, §Usernames and emails)
  usernameHasSpaces: 'Username cannot contain spaces',
  emailHasSpaces: 'Email cannot contain spaces',
  usernameTaken: 'Username is already taken',
  emailTaken: 'Email is already taken',
  passwordsDoNotMatch: 'Passwords do not match',
  emailInvalid: 'This is not a valid email address',
  agreementRequired: 'You need to agree to the Terms & Conditions and Privacy Policy to create your account',

  // Search (§Search)
  searchNoMatch:
    "No film title matches your search query! Double-check you've input the correct title into the search field. Otherwise, consider adding the film to The Film List.",

  // Failures (§Errors)
  filmsLoadFailed: 'Failed to fetch films. Please try again later.',
  /** said quietly (a polite live region) when an open list takes in a new version of itself (docs/product.md §Live list) */
  listUpdated: 'List updated.',
  reviewSubmitFailed: 'Failed to submit your request for review. Please try again.',
  addFilmFailed: 'Failed to add the film. Please try again.',
  rejectFilmFailed: 'Failed to reject the film. Please try again.',
  registrationFailed: 'Registration failed. Please try again.',
  updateFailed: 'Update failed. Please try again.',
  filmNotFound: 'Error: Film details not available.',
  verificationFailed: 'Verification failed. Please contact support for assistance',

  // Success messages
  reviewSubmitted: 'Your request has been submitted for review. You will be notified the result of this review via email.',
  filmAdded: 'The Film has been added to The Film List.',
  filmRejected: 'The Film has been rejected.',
  registrationSuccessful: 'Registration was successful!',

  // Accounts, votes, submissions and every request (§Accounts, §Votes, §Submitting, §Errors, §Limits)
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordTooCommon: 'This password is too common. Please choose a less common one.',
  currentPasswordRequired: 'Please enter your current password to make this change.',
  usernameTooLong: 'Username must be at most 30 characters',
  usernameInvalid: 'Username may only contain letters, numbers, dots, dashes and underscores',
  usernameNeedsLetter: 'Username must contain at least one letter or number',
  usernameMixesAlphabets: 'Username should not mix letters of different alphabets',
  emailTooLong: 'Email must be at most 254 characters',
  titleTooLong: 'Title must be at most 200 characters.',
  descriptionTooLong: 'Description must be at most 1000 characters.',
  /** descriptionTooLong under a field labelled Logline: a length message names the field it is under */
  loglineTooLong: 'Logline must be at most 1000 characters.',
  yearOutOfRange: 'Year of release must be between 1870 and next year.',
  watchLinkInvalid: 'Watch link must be a web address starting with http:// or https://',
  filmAlreadyPending: 'This film has already been submitted and is awaiting review.',
  ratingInvalid: 'Rating must be a whole number from 1 to 10.',
  reviewerOnly: 'Only reviewers can do this.',
  invalidRequest: 'The request is not valid.',
  textIllFormed: 'This text contains a broken character (half of an emoji or symbol). Please retype it.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  temporaryIdInvalid: 'The temporary user id is not valid.',
  rejectReasonTooLong: 'The reason must be at most 1000 characters.',
  // The "Why is it undervalued?" note (§Recommendation note)
  noteTooLong: 'The note must be at most 280 characters.',
  noteHasInvisible: 'The note should not contain invisible or control characters.',
  noteHasLink: 'The note should not contain website links.',
  noteHasAccents: 'The note should not contain accents.',
  noteNamedInvalid: 'Choose whether the note shows your username.',
  noteNamedUpdated: 'Your choice has been saved.',
  noteNamedFailed: 'Saving your choice failed. Please try again.',
  recommendedByMember: 'a member',
  /** About and the footer, while the film database is on (appConfig.filmDatabase; docs/product.md §Film database) */
  tmdbCredit: 'This product uses the TMDB API but is not endorsed or certified by TMDB.',
  justWatchCredit: 'Where to watch: data by JustWatch.',
  filmDatabaseUnavailable: 'The film database is unavailable right now. Please type the film in by hand.',
  filmDatabaseEntryAdult: 'This film database entry is marked as adult content, so it cannot be linked. Choose another entry or unlink it.',
  reasonHasInvisible: 'The reason should not contain invisible or control characters.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  emailChangeCancelled: 'Your email change has been cancelled. Your email stays as it was.',
  accountDeleted: 'Your account has been deleted.',
  verificationSucceeded: 'Your email address has been verified. You can now log in.',
  alreadyVerified: 'Your email address is already verified. You can log in.',

  // Review queue (§Review queue)
  reviewQueueEmpty: 'Nothing is waiting for review.',
  reviewQueueLoadFailed: 'Failed to load the films awaiting review. Please try again.',

  // Film list and votes (§Voting on the list, §Final mention)
  mentionProcessing: 'Your Mention request is being processed...',
  ratingProcessing: 'Your Rating request is being processed...',
  mentionIsFinal: 'Once answered, your answer is final and cannot be edited.',
  filterNoFilms: 'No films to show for this filter.',

  // Account recovery, a member's own contributions, reviewers' tools (§Account recovery, §Member screens, §Reviewer tools)
  recoveryFailed: 'Failed to send the email. Please try again.',
  resetFailed: 'Failed to reset your password. Please try again.',
  mySubmissionsLoadFailed: 'Failed to load your submissions. Please try again later.',
  withdrawFailed: 'Failed to withdraw the submission. Please try again.',
  exportFailed: 'Failed to download your data. Please try again.',
  dataExported: 'Your data has been downloaded.',
  reviewHistoryLoadFailed: 'Failed to load the review history. Please try again later.',
  updateFilmFailed: 'Failed to update the film. Please try again.',
  removeFilmFailed: 'Failed to remove the film. Please try again.',

  // Errors with a way out (§Errors)
  /** Shown while a stored session is restored on first load (§Navigation and shell). */
  refreshingPage: 'Refreshing page...',
  filmLoadFailed: 'Failed to load the film details. Please check your connection and try again.',
  pageLoadFailed: 'This page could not be loaded. Please check your connection and try again.',
  verificationUnreachable: 'Failed to check your verification link. Please check your connection and try again.',

  // The list reads as a ranking; votes that say what happened (§Standing, §Voting on the list)
  listExplainer: "Films most members hadn't heard of rank first, and fall as more people watch and rate them.",
  howTheListWorks: 'How the list works',
  noAnswersYet: 'No answers yet',
  noRatingsYet: 'No ratings yet',
  hadNotHeard: "hadn't heard of it",
  averageRating: 'average rating',
  heardItYes: 'Yes, heard of it',
  heardItNo: 'No, new to me',
  mentionAnswerYes: 'Yes, I had heard of it',
  mentionAnswerNo: "No, it's new to me",
  showAllFilms: 'Show all films',
  backToList: 'Back to The Film List',
  joinToVote: 'Sign up to say whether you had heard of it, and to rate it. Every answer moves the list.',

  // The watchlist and its exports (docs/product.md §Watchlist)
  watchlistFull: 'Your watchlist already holds 5,000 films, the most it can. Take one off to add another.',
  watchlistHeading: 'Your watchlist',
  watchlistEmpty: 'Nothing saved yet. Save a film from the list, or from its page, to find it here when you want something to watch.',
  watchlistLoadFailed: 'Failed to load your watchlist. Please check your connection and try again.',
  savedToWatchlist: 'Saved to your watchlist',
  letterboxdExportFailed: 'Your Letterboxd file could not be made. Please try again.',
  newFilmsHeading: 'New on the list: help rank these',
  newFilmsNone: 'No new films are waiting for answers right now.',
  /** After newFilmsNone, the way to the list's one source of new films: a link to /addfilm. */
  newFilmsRecommend: 'Know one few have heard of? Recommend it',
  newFilmsAllAnswered: 'You have answered every new film. Thank you: each answer moves them up or down.',
  containingHeading: 'Titles containing',
} as const;

/**
 * Messages only the server sends: in its answers (which the web app shows as they come) and its mail.
 * Word for word like the rest, and apart from `messages` so the web app's first load does not carry
 * them (docs/decisions/005-web-app-within-100kb.md).
 */
export const serverMessages = {
  noAccessToken: 'No access token provided.',
  profileUpdated: 'Profile updated successfully',
  usernameUpdated: "Username updated successfully. You'll see the changes on your profile when you log back in again.",
  emailUpdated: "Email updated successfully. You'll see the changes on your profile when you log back in again.",
  passwordUpdated: 'Password updated successfully',
  currentPasswordWrong: 'Your current password is incorrect.',
  tooManyPending: 'You already have 20 films awaiting review. Please wait for a decision on them first.',
  submissionNotFound: 'No pending submission matches this film.',
  submissionAlreadyRejected: "This member's submission of the film has already been rejected, so it was not added.",
  alreadyMentioned: 'You have already answered this question for this film.',
  alreadyRated: 'You have already rated this film. Use edit to change your rating.',
  notRatedYet: 'You have not rated this film yet.',
  mentionRecorded: 'Your answer has been recorded.',
  ratingRecorded: 'Your rating has been recorded.',
  ratingUpdated: 'Your rating has been updated.',
  notYourAccount: 'You can only act on your own account.',
  authRequired: 'Please log in to continue.',
  sessionExpired: 'Your session has expired. Please log in again.',
  userNotFound: 'User not found.',
  malformedJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  requestTimeout: 'The request took too long to arrive.',
  headersTooLarge: 'The request headers are too large.',
  unsupportedMediaType: 'The request body must be JSON.',
  apiNotFound: 'There is no such API endpoint.',
  internalError: 'Something went wrong on our side. Please try again.',
  watchClickRecorded: 'Watch click recorded.',
  nothingToUpdate: 'Nothing to update.',
  recoveryMailSent:
    'If an account uses this email address, we have sent it a link to reset its password. Please check your junk folder too.',
  verificationResent:
    'If an account with this email address is waiting for verification, we have sent it a new link. Please check your junk folder too.',
  passwordResetDone: 'Your password has been reset. Please log in with your new password.',
  submissionWithdrawn: 'Your submission has been withdrawn.',
  submissionNotPending: 'This submission has already been reviewed, so it can no longer be withdrawn.',
  filmUpdated: 'The film has been updated.',
  filmRemoved: 'The film has been removed from The Film List.',
  profileUnchanged: 'Nothing changed: your profile already has these details.',
  loggedOut: 'You have been logged out.',
} as const;

export type MessageKey = keyof typeof messages;

/** "{title} URL copied to clipboard!" (§Sharing) */
export function urlCopiedMessage(title: string): string {
  return `${title} URL copied to clipboard!`;
}

/** The mention dialog's question (§Final mention). */
export function mentionQuestion(title: string, site: string): string {
  return `Have you heard of ${title} before visiting ${site}?`;
}

/** The share pop-up's heading after a rating of 7 or more (§Rating rules). */
export function shareHeading(title: string): string {
  return `Share ${title}:`;
}

/** Below a refusal that says when to come back (a 429's or 503's Retry-After). */
export function tryAgainIn(seconds: number): string {
  if (seconds < 60) return `You can try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `You can try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** The profile page, while an email change waits for its link (§Email changes). */
export function pendingEmailNotice(address: string): string {
  return `Waiting for confirmation: ${address}. Your email changes once you follow the link we sent there.`;
}

/** A decision or submission's message, naming the film it is about: "Moon (2009): The Film has been added to The Film List." */
export function aboutFilm(title: string, releaseYear: string | number, message: string): string {
  return `${title} (${releaseYear}): ${message}`;
}

/** Under a new password's field from the start (§Accounts): what messages.passwordTooShort and passwordTooLong would refuse. */
export const newPasswordHint = `At least ${PASSWORD_MIN} characters, and not a common password.`;

/** Under Sign Up's Username field from the start (§Usernames and emails): what messages.usernameInvalid and usernameTooLong would refuse. */
export const usernameHint = `Letters, numbers, dots, dashes and underscores, at most ${USERNAME_MAX} characters.`;

/** A film's short standing (§Standing): "62% hadn't heard of it". */
export const notHeardShare = (percent: number): string => `${percent}% ${messages.hadNotHeard}`;

/** How many films the list shows now: "12 films". */
export const filmCount = (count: number): string => `${count} ${count === 1 ? 'film' : 'films'}`;
/** The count beside the search box when no title starts with the text but some contain it (§Search). */
export const containingCount = (count: number): string => `${count} title${count === 1 ? ' contains' : 's contain'} it`;

/** A search that matches films the filter leaves out (§Search). */
export const filteredOutNotice = (count: number, filter: string): string =>
  `${count === 1 ? 'A film' : `${count} films`} matching your search ${count === 1 ? 'is' : 'are'} on The Film List, but not in ${filter}.`;

/** After a vote (§Voting on the list): "You rated Aftersun 8/10. It is now #5 of 30." */
export function voteAnnouncement(
  title: string,
  vote: { rating: number } | { heard: boolean },
  place: { rank: number; films: number } | null,
): string {
  const what =
    'rating' in vote ? `You rated ${title} ${vote.rating}/10.` : `You said you ${vote.heard ? 'had' : "hadn't"} heard of ${title}.`;
  return place ? `${what} It is now #${place.rank} of ${place.films}.` : what;
}

/**
 * Said after a vote that moved a film down (§Standing): a film falls as more members know it and rate
 * it, which is the list's point, not a verdict on the film.
 */
export const fallExplained =
  'Films fall as more members get to know them: that is how the list keeps the least known ones on top, not a mark against the film.';

/** A vote that failed (§Voting on the list; the failure itself is only logged, §Errors). */
export const voteFailedNotice = (title: string, kind: 'mention' | 'rating'): string =>
  kind === 'rating' ? `Your rating of ${title} was not saved.` : `Your answer for ${title} was not saved.`;

/** A save or removal the server refused or did not receive (docs/product.md §Watchlist). */
export const watchlistChangeFailed = (title: string, save: boolean): string =>
  save ? `${title} was not saved to your watchlist.` : `${title} was not taken off your watchlist.`;

/** The offer, in the vote's notice, after a member had not heard of a film (docs/product.md §Watchlist). */
export const saveForLater = (title: string): string => `Save ${title} for later`;

/** After taking a film off on the watchlist page, beside Undo (docs/product.md §Watchlist). */
export const takenOffWatchlist = (title: string): string => `${title} was taken off your watchlist.`;

/** After rating a film on the watchlist: the offer to take it off (docs/product.md §Watchlist). */
export const takeOffWatchlist = (title: string): string => `Take ${title} off your watchlist`;

/** §Search: the forgiving matches shown when the title rule finds few: "Titles containing 'bruges'". */
export const titlesContaining = (text: string): string => `${messages.containingHeading} '${text}'`;

/**
 * Why a film stands where it does, in a few words (§Standing), from the two terms of its score (`scoreTerms`):
 * "34 answers: few knew it, 31 ratings move it down". Answers are the Heard of Before answers and the ratings
 * together, the total the share is of (the film page's "12 of 34 answers"); a film's few ratings move it up, many
 * move it down, whatever their average: the words speak of its place, not of what its ratings say of the film.
 * Without ratings it says only how well known the film is.
 */
export function whyHere(terms: { answers: number; heardTerm: number; ratingTerm: number }, ratings: number): string {
  const answers = `${terms.answers} ${terms.answers === 1 ? 'answer' : 'answers'}`;
  const known = terms.heardTerm >= 60 ? 'few knew it' : terms.heardTerm >= 30 ? 'some knew it' : 'most knew it';
  if (ratings === 0) return `${answers}: ${known}`;
  const lifts = terms.ratingTerm >= 30;
  const rated =
    ratings === 1
      ? `its rating ${lifts ? 'moves it up' : 'moves it down'}`
      : lifts
        ? `its ${ratings} ratings move it up`
        : `${ratings} ratings move it down`;
  return `${answers}: ${known}, ${rated}`;
}

/** A film's place, on its page (§Standing): "#3 of 30 on The Film List". */
export const rankOnList = (rank: number, films: number): string => `#${rank} of ${films} on The Film List`;

/** Under the two halves of a film's score, on its page (§Standing). */
export const answersCount = (some: number, of: number): string => `${some} of ${of} ${of === 1 ? 'answer' : 'answers'}`;
const ratingsOf = (count: number): string => `${count} ${count === 1 ? 'rating' : 'ratings'}`;
export const ratingsCount = (count: number): string => `out of 10, from ${ratingsOf(count)}`;
/** After a row's average, "★ 7.4/10 (31 ratings)": what its count counts (§Standing). */
export const ratingsShort = (count: number): string => `(${ratingsOf(count)})`;
