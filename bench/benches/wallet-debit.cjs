'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- autocannon's worker loads these with require() */
module.exports = require('./wallet-requests.cjs').debit;
