import { defineRoute } from './define-route.ts';
import { RoyaltyOperation } from './operations/royalty-operations.ts';
import { DefaultListQuery } from './requests/list-queries.ts';
import { StatementIdParams, UuidParams } from './requests/path-params.ts';
import { CreateRoyaltyStatementBody, RoyaltyLineItemsBody, SplitsBody, WithdrawalBody } from './requests/royalty-bodies.ts';
import {
  BalanceReply,
  MonthlyStatementListReply,
  MonthlyStatementReply,
  RoyaltyStatementListReply,
  RoyaltyStatementReply,
  RoyaltySummaryReply,
  SplitsReply,
  WithdrawalReply,
} from './responses/royalties.ts';
import type { AnyRouteDefinition } from './route-definition.ts';

/** Royalty statements, balance, withdrawals and a track's splits (the royalties service). */
export const ROYALTY_ROUTES: readonly AnyRouteDefinition[] = [
  defineRoute({
    method: 'PUT',
    path: '/tracks/:uuid/splits',
    service: 'royalties',
    operation: RoyaltyOperation.splitsSet,
    summary: "Set the track's royalty split rows; percentages must sum to 100 within 0.01.",
    request: { params: UuidParams, body: SplitsBody },
    responses: { 200: { description: 'The splits as stored.', body: SplitsReply } },
  }),
  defineRoute({
    method: 'GET',
    path: '/tracks/:uuid/splits',
    service: 'royalties',
    operation: RoyaltyOperation.splitsGet,
    summary: "Get the track's royalty split rows (empty until set).",
    request: { params: UuidParams },
    responses: { 200: { description: 'The splits.', body: SplitsReply } },
  }),
  defineRoute({
    method: 'GET',
    path: '/royalties/balance',
    service: 'royalties',
    operation: RoyaltyOperation.balance,
    summary: 'Get the royalty balance: available and pending, in USD.',
    responses: { 200: { description: 'The balance.', body: BalanceReply } },
  }),
  defineRoute({
    method: 'GET',
    path: '/royalties/statements',
    service: 'royalties',
    operation: RoyaltyOperation.statementsList,
    // Monthly statements with their PDF are not served yet.
    built: false,
    summary: 'List royalty statements, newest first, one per calendar month.',
    responses: { 200: { description: 'The statements.', body: MonthlyStatementListReply } },
  }),
  defineRoute({
    method: 'GET',
    path: '/royalties/statements/:id',
    service: 'royalties',
    operation: RoyaltyOperation.statementsGet,
    // Monthly statements with their PDF are not served yet.
    built: false,
    summary: 'Get a monthly royalty statement with pdf_url and its breakdown.',
    request: { params: StatementIdParams },
    responses: { 200: { description: 'The statement.', body: MonthlyStatementReply } },
  }),
  defineRoute({
    method: 'POST',
    path: '/royalties/withdrawals',
    service: 'royalties',
    operation: RoyaltyOperation.withdraw,
    summary: 'Request a withdrawal of at least 10.00 USD.',
    request: { body: WithdrawalBody },
    responses: { 201: { description: 'The withdrawal requested.', body: WithdrawalReply } },
    // 402: payment verification failed; 502: payment initialisation failed.
    errors: [402, 502],
  }),
  defineRoute({
    method: 'GET',
    path: '/royalties',
    service: 'royalties',
    operation: RoyaltyOperation.list,
    summary: 'List file-level royalty statements.',
    request: { query: DefaultListQuery },
    responses: { 200: { description: 'A page of statements with total and meta.', body: RoyaltyStatementListReply } },
    paginated: 'page_or_cursor',
  }),
  defineRoute({
    method: 'POST',
    path: '/royalties',
    service: 'royalties',
    operation: RoyaltyOperation.create,
    summary: 'Create a royalty statement for a period.',
    request: { body: CreateRoyaltyStatementBody },
    responses: { 201: { description: 'The statement created.', body: RoyaltyStatementReply } },
  }),
  defineRoute({
    method: 'GET',
    path: '/royalties/summary/:uuid',
    service: 'royalties',
    operation: RoyaltyOperation.summary,
    summary: "Get a royalty statement's per-artist totals.",
    request: { params: UuidParams },
    responses: { 200: { description: 'The per-artist totals.', body: RoyaltySummaryReply } },
  }),
  defineRoute({
    method: 'GET',
    path: '/royalties/:uuid',
    service: 'royalties',
    operation: RoyaltyOperation.get,
    summary: 'Get a royalty statement with its line items.',
    request: { params: UuidParams },
    responses: { 200: { description: 'The statement.', body: RoyaltyStatementReply } },
  }),
  defineRoute({
    method: 'POST',
    path: '/royalties/:uuid/line-items',
    service: 'royalties',
    operation: RoyaltyOperation.lineItems,
    summary: 'Add line items to a royalty statement.',
    request: { params: UuidParams, body: RoyaltyLineItemsBody },
    responses: { 200: { description: 'The statement with every line item.', body: RoyaltyStatementReply } },
    // 409: the statement is approved or paid.
    errors: [409],
  }),
  defineRoute({
    method: 'POST',
    path: '/royalties/:uuid/approve',
    service: 'royalties',
    operation: RoyaltyOperation.approve,
    summary: 'Approve a reviewed royalty statement.',
    request: { params: UuidParams },
    responses: { 200: { description: 'The statement, approved.', body: RoyaltyStatementReply } },
    errors: [409],
  }),
  defineRoute({
    method: 'POST',
    path: '/royalties/:uuid/pay',
    service: 'royalties',
    operation: RoyaltyOperation.pay,
    summary: 'Mark an approved royalty statement paid.',
    request: { params: UuidParams },
    responses: { 200: { description: 'The statement, paid.', body: RoyaltyStatementReply } },
    errors: [409],
  }),
];
