/**
 * `@kobana/outbound`: requests to addresses that users give (webhooks,
 * client metadata documents), refused when they lead to a non-public network.
 */
export {};
