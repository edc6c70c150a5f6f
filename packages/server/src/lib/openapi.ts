import { errorBody } from '@filmlist/shared/api/common';

/** The OpenAPI security requirement of a bearer-token route. */
export const bearerSecurity = [{ bearer: [] }];

/** The error answers a member's route can give, for the OpenAPI document. */
export const memberErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
