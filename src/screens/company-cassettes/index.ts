export { CompanyCassetteScreen } from './cassette-screen';
export { CompanyCassettesScreen } from './cassettes-screen';
export { ConfigurationsScreen } from './configurations-screen';
