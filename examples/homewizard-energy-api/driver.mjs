// An integration built on the npm package homewizard-energy-api (1.5.0, unmodified), as a home-automation
// binding would use it for an energy socket: the package's own polling of the measurements and the socket
// state, every second, and the socket switched on once, as a user would from a dashboard. certify-client
// runs it with the device in its environment:
//   energy-conform certify-client --kind energysocket --name homewizard-energy-api --integration-version 1.5.0 \
//     -- node examples/homewizard-energy-api/driver.mjs
import { EnergySocketApi } from 'homewizard-energy-api';

const api = new EnergySocketApi(`http://${process.env.EC_DEVICE_HOST}:${process.env.EC_DEVICE_HTTP_PORT}`, { polling: { interval: 1000 } });
for (const poll of [api.polling.getData, api.polling.getState]) {
  poll.on('error', () => undefined);
  poll.start();
}
setTimeout(() => api.updateState({ power_on: true }).catch(() => undefined), 5000);
process.once('SIGTERM', () => {
  api.polling.getData.stop();
  api.polling.getState.stop();
  process.exit(0);
});
