/** geoip-country ships no types: the one call the server makes. */
declare module 'geoip-country' {
  interface Country {
    /** ISO 3166-1 alpha-2 */
    country: string;
  }
  const geoip: { lookup(ip: string): Country | null };
  export default geoip;
}
